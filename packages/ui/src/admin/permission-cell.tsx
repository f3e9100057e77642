/**
 * One cell of the permission matrix: allowed always, never, or under a rule — a mark that
 * is not color alone, the rule in words, and the fields the grant covers.
 */
import type { PermissionCell as Cell } from '@ninefold/spec';

const MARK = { always: '✓', conditional: '◐', never: '✕' } as const;
const WORDS = { always: 'Allowed', conditional: 'Allowed when', never: 'Not allowed' } as const;

/**
 * @example <PermissionCell cell={meta.permissions.entities.customer!.tickets!.delete} />
 */
export function PermissionCell({ cell }: { readonly cell: Cell | undefined }) {
  if (!cell) return <td>—</td>;
  return (
    <td className={`perm perm-${cell.allowed}`}>
      <span className="perm-mark" aria-hidden="true">
        {MARK[cell.allowed]}
      </span>{' '}
      <span className="visually-hidden">{WORDS[cell.allowed]}: </span>
      <span className="perm-text">{cell.text}</span>
      {cell.fields && cell.fields.length > 0 && (
        <span className="perm-fields"> — fields: {cell.fields.join(', ')}</span>
      )}
    </td>
  );
}
