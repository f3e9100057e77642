/**
 * One audit entry as a table row: when, who (with their role then), what was done to which
 * record, the state move, and the fields changed, before and after.
 */
import type { AuditEntry } from '@ninefold/client';
import { humanize } from '@ninefold/spec';
import { useMeta } from '../meta/meta-provider';
import { changeLines } from './audit-changes';

export interface AuditRowProps {
  readonly entry: AuditEntry;
  /** A record's title or a user's name, by entity and id, when known. */
  lookup(entity: string, id: string): string | undefined;
  onRecord(entity: string, id: string): void;
}

const SHOWN = 3;

/**
 * @example <AuditRow entry={e} lookup={lookup} onRecord={(entity, id) => setFilter({ entity, recordId: id, actor: '' })} />
 */
export function AuditRow({ entry, lookup, onRecord }: AuditRowProps) {
  const meta = useMeta();
  const entity = meta.entities[entry.entity];
  const state = (s: string | null) => (s === null ? '—' : (entity?.states?.states[s]?.label ?? s));
  const lines = changeLines(entity, entry.operation, entry.changes, lookup);
  const who = entry.actor ? (lookup('users', entry.actor) ?? `#${entry.actor.slice(-6)}`) : 'The system';
  const what = entry.name ? `${humanize(entry.operation)}: ${entry.name}` : humanize(entry.operation);
  const short = entry.recordId.slice(-6);
  const list = (ls: typeof lines) =>
    ls.map((l) => (
      <li key={l.field}>
        {l.label}: {l.before !== undefined && <>{l.before} → </>}
        {l.after}
      </li>
    ));
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
      </td>
      <td>
        {who}
        {entry.actorRole && (
          <span className="admin-muted"> ({meta.roles[entry.actorRole]?.label ?? entry.actorRole})</span>
        )}
      </td>
      <td>{what}</td>
      <td>
        {entity?.label ?? entry.entity}{' '}
        <button
          type="button"
          className="admin-link"
          aria-label={`Only the history of ${entity?.label ?? entry.entity} ${short}`}
          title={entry.recordId}
          onClick={() => onRecord(entry.entity, entry.recordId)}
        >
          #{short}
        </button>
      </td>
      <td>
        {entry.fromState !== null || entry.toState !== null
          ? `${state(entry.fromState)} → ${state(entry.toState)}`
          : '—'}
      </td>
      <td>
        {lines.length === 0 ? (
          '—'
        ) : (
          <>
            <ul className="admin-plain-list">{list(lines.slice(0, SHOWN))}</ul>
            {lines.length > SHOWN && (
              <details>
                <summary>{lines.length - SHOWN} more</summary>
                <ul className="admin-plain-list">{list(lines.slice(SHOWN))}</ul>
              </details>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
