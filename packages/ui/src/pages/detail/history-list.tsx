/**
 * A record's history, oldest first: who created it, each transition with its states, and
 * each change of a field the viewer may read. Live with the record.
 */
import type { HistoryEntry } from '@ninefold/client';
import { humanize } from '@ninefold/spec';
import { SkeletonLines } from '../../components/skeleton';
import { nf } from '../../data/ninefold';
import { formatInstant } from '../../format/format-value';
import { useMeta } from '../../meta/meta-provider';
import { ActorName } from './actor-name';

const SKIPPED: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'version']);

function What({ entity, entry }: { readonly entity: string; readonly entry: HistoryEntry }) {
  const meta = useMeta();
  const e = meta.entities[entity];
  const stateLabel = (s: string | null) => (s ? (e?.states?.states[s]?.label ?? s) : '');
  if (entry.operation === 'create') return <>created it</>;
  if (entry.operation === 'delete') return <>deleted it</>;
  if (entry.fromState !== entry.toState && entry.toState) {
    const t = entry.name ? e?.states?.transitions[entry.name]?.label : undefined;
    return (
      <>
        {t ? `${t.toLowerCase()}: ` : 'moved it: '}
        {stateLabel(entry.fromState)} → {stateLabel(entry.toState)}
      </>
    );
  }
  const fields = Object.keys(entry.changes).filter((f) => !SKIPPED.has(f));
  const names = fields.map((f) => (e?.fields[f]?.label ?? humanize(f)).toLowerCase());
  const via = entry.name ? ` (${meta.actions[entry.name]?.label ?? humanize(entry.name)})` : '';
  return <>{names.length > 0 ? `changed ${names.join(', ')}${via}` : `updated it${via}`}</>;
}

/**
 * @example <HistoryList entity="tickets" id={ticket.id} />
 */
export function HistoryList({ entity, id }: { readonly entity: string; readonly id: string }) {
  // The detail page's own record keeps the entity live, and with it the history: no second subscription.
  const history = nf.useHistory(entity, id, { live: false });
  if (history.isPending) return <SkeletonLines count={3} />;
  if (history.isError) return <p className="muted">The history could not be loaded.</p>;
  return (
    <ol className="history">
      {history.data.map((entry) => (
        <li key={entry.id}>
          <span className="history-who">
            <ActorName id={entry.actor} actorRole={entry.actorRole} />
          </span>{' '}
          <What entity={entity} entry={entry} />
          <br />
          <time className="muted" dateTime={entry.at}>
            {formatInstant(entry.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
