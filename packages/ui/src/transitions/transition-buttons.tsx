/**
 * The transitions the viewer may run on a record, as buttons: straight away when nothing
 * needs saying, through a dialog when the transition takes input or cannot be undone.
 */
import { useState } from 'react';
import { keepFocus } from '../components/keep-focus';
import type { DriftRecord } from '../data/use-record-drift';
import { useMeta } from '../meta/meta-provider';
import { type NamedTransition, recordTransitions } from '../permissions/record-abilities';
import { useSession } from '../session/session-provider';
import { needsDialog, TransitionDialog } from './transition-dialog';
import { useRunTransition } from './use-run-transition';

/**
 * @example <TransitionButtons entity="tickets" record={ticket} recordTitle={ticket.subject} />
 */
export function TransitionButtons({
  entity,
  record,
  recordTitle,
}: {
  readonly entity: string;
  readonly record: DriftRecord;
  readonly recordTitle: string;
}) {
  const meta = useMeta();
  const { role, user } = useSession();
  const [asking, setAsking] = useState<NamedTransition | null>(null);
  const { run, pending } = useRunTransition(entity);
  const e = meta.entities[entity];
  if (!e?.states) return null;
  const transitions = recordTransitions(meta, entity, record, { role, user: user ?? null });
  // An open dialog stays when the record moves on underneath it (someone else resolved the
  // ticket): it keeps what the user typed and says what changed.
  if (transitions.length === 0 && !asking) return null;
  const start = async (t: NamedTransition) => {
    if (needsDialog(e, t)) return setAsking(t);
    // On the version shown: a change not drawn yet is refused (412), not run over.
    await run(record.id, t, {}, { version: record.version });
    keepFocus('.transition-buttons button');
  };
  return (
    <fieldset className="transition-buttons">
      <legend className="visually-hidden">Move this record on</legend>
      {transitions.map((t) => (
        <button
          key={t.name}
          type="button"
          onClick={() => void start(t)}
          disabled={pending}
          title={t.description}
        >
          {t.label}
        </button>
      ))}
      {asking && (
        <TransitionDialog
          entity={entity}
          record={record}
          recordTitle={recordTitle}
          transition={asking}
          returnFocus=".transition-buttons button"
          onClose={() => setAsking(null)}
        />
      )}
    </fieldset>
  );
}
