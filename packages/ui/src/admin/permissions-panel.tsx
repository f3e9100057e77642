/**
 * The permission matrix: for every entity, what each role may do (read, create, update,
 * delete) with the rule in words; then who may run each transition and call each action.
 * Closed by default: "never" is what the spec does not allow.
 */
import { OPERATIONS } from '@ninefold/spec';
import { useMeta } from '../meta/meta-provider';
import { PermissionCell } from './permission-cell';
import { ScrollBox } from './scroll-box';

function MatrixTable({
  caption,
  columns,
  roles,
  cell,
  roleLabel,
}: {
  readonly caption: string;
  readonly columns: readonly { readonly id: string; readonly label: string }[];
  readonly roles: readonly string[];
  readonly cell: (role: string, column: string) => Parameters<typeof PermissionCell>[0]['cell'];
  readonly roleLabel: (role: string) => string;
}) {
  return (
    <ScrollBox label={caption}>
      <table className="admin-table admin-matrix">
        <caption className="admin-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Role</th>
            {columns.map((c) => (
              <th scope="col" key={c.id}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role}>
              <th scope="row">{roleLabel(role)}</th>
              {columns.map((c) => (
                <PermissionCell key={c.id} cell={cell(role, c.id)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

const OP_LABEL = { read: 'Read', create: 'Create', update: 'Update', delete: 'Delete' } as const;

/**
 * @example <PermissionsPanel />
 */
export function PermissionsPanel() {
  const meta = useMeta();
  const { permissions: p } = meta;
  const roleLabel = (r: string) => meta.roles[r]?.label ?? (r === 'anonymous' ? 'Anonymous' : r);
  const ops = OPERATIONS.map((op) => ({ id: op, label: OP_LABEL[op] }));
  const actions = Object.entries(meta.actions).map(([id, a]) => ({ id, label: a.label }));
  return (
    <section aria-labelledby="admin-perms-h">
      <h2 id="admin-perms-h">Permissions</h2>
      <p className="admin-lede">
        <span aria-hidden="true">✓</span> always · <span aria-hidden="true">◐</span> when the rule holds ·{' '}
        <span aria-hidden="true">✕</span> never. Anything not listed is refused.
      </p>
      <h3>Records</h3>
      {Object.entries(meta.entities).map(([name, e]) => (
        <MatrixTable
          key={name}
          caption={e.label}
          columns={ops}
          roles={p.roles}
          roleLabel={roleLabel}
          cell={(role, op) => p.entities[role]?.[name]?.[op as (typeof OPERATIONS)[number]]}
        />
      ))}
      <h3>Transitions</h3>
      {Object.entries(meta.entities).flatMap(([name, e]) =>
        e.states
          ? [
              <MatrixTable
                key={name}
                caption={`${e.label}: transitions`}
                columns={Object.entries(e.states.transitions).map(([id, t]) => ({ id, label: t.label }))}
                roles={p.roles}
                roleLabel={roleLabel}
                cell={(role, t) => p.transitions[role]?.[name]?.[t]}
              />,
            ]
          : [],
      )}
      {actions.length > 0 && (
        <>
          <h3>Actions</h3>
          <MatrixTable
            caption="Actions"
            columns={actions}
            roles={p.roles}
            roleLabel={roleLabel}
            cell={(role, a) => p.actions[role]?.[a]}
          />
        </>
      )}
    </section>
  );
}
