/**
 * A transition that needs words before it runs: its input fields (resolve asks for the
 * resolution), or a confirmation when it ends the record's life (close, withdraw). A Radix
 * dialog: focus moves in, stays in, and returns to the button that opened it. While it is
 * open the record may change (realtime): what the user typed stays, and the dialog says what
 * changed. It runs on the newest version the dialog has shown (`If-Match`), so a change it
 * has not shown yet is refused, fetched and shown, and the user decides again. No refusal
 * closes it: each is said in place, and the button waits while the transition no longer
 * applies to the record as it is now.
 */

import { validatorFor } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChangedNotice } from '../components/changed-notice';
import { DialogActions } from '../components/dialog-actions';
import { FieldSet } from '../components/field-set';
import { keepFocus } from '../components/keep-focus';
import { useHoldPage } from '../components/page-hold';
import { ProblemAlert } from '../components/problem-alert';
import { type DriftRecord, useRecordDrift } from '../data/use-record-drift';
import { problemCode } from '../feedback/problem-message';
import { singular } from '../format/singular';
import { initialValues } from '../forms/form-values';
import { recordChanges } from '../forms/record-changes';
import { useFieldForm } from '../forms/use-field-form';
import { useMeta } from '../meta/meta-provider';
import { type NamedTransition, recordTransitions } from '../permissions/record-abilities';
import { useSession } from '../session/session-provider';
import { useRunTransition } from './use-run-transition';
import '../styles/dialog.css';

export interface TransitionDialogProps {
  readonly entity: string;
  /** The record as the caller showed it: its version is the one the transition runs on, until the dialog shows a newer one. */
  readonly record: DriftRecord;
  /** The record's title, to say which record this is about. */
  readonly recordTitle: string;
  readonly transition: NamedTransition;
  /** Where focus goes when the control that opened the dialog is gone by the time it closes. */
  readonly returnFocus?: string | undefined;
  onClose(done: boolean): void;
}

function TransitionForm({ entity, record, recordTitle, transition, onClose }: TransitionDialogProps) {
  const meta = useMeta();
  const { role, user } = useSession();
  const e = meta.entities[entity]!;
  const what = singular(e.label);
  const [opened] = useState(record);
  const drift = useRecordDrift(entity, opened);
  const [problem, setProblem] = useState<unknown>(null);
  const [said, setSaid] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const names = Object.keys(transition.input);
  const validator = useMemo(() => validatorFor(e), [e]);
  const form = useFieldForm(transition.input, names, initialValues(transition.input, names), (d) =>
    validator.transition(transition.name, d),
  );
  const { run, pending } = useRunTransition(entity);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  const machine = e.states;
  const to = machine?.states[transition.to];
  // Judged as the buttons are, on the record as it is now; while the user's own send is out
  // its optimistic new state is no reason to stop.
  const caller = { role, user: user ?? null };
  const applies =
    drift.sending ||
    recordTransitions(meta, entity, drift.latest, caller).some((t) => t.name === transition.name);
  const state = machine ? String(drift.latest[machine.field] ?? '') : '';
  const why = transition.from.includes(state)
    ? `You may no longer run ${transition.label} on this ${what}.`
    : `${transition.label} no longer applies: it is ${machine?.states[state]?.label ?? state} now.`;
  const kept = applies
    ? 'What you typed is kept.'
    : `${why} What you typed stays here until you close this dialog.`;
  const line = !applies && drift.changes.length === 0 && !drift.gone ? kept : said;

  // A 412: someone else saved first. Fetched, the notice lists what they changed; a save that
  // changed nothing the caller can see is said too, or the button would just come back.
  const showChange = async (sent: DriftRecord) => {
    try {
      const fresh = await drift.refresh();
      if (fresh && recordChanges(e.fields, sent, fresh).length === 0)
        setSaid(
          `Someone else saved this ${what} just now, changing nothing you can see. ${transition.label} again to run it on the newest version.`,
        );
    } catch (err) {
      setProblem(err);
    }
  };

  const submit = form.handleSubmit(async (body) => {
    if (!applies || drift.gone) return;
    setProblem(null);
    setSaid('');
    const sent = drift.latest;
    try {
      await drift.send(() => run(record.id, transition, body, { keepRefusals: true, version: sent.version }));
      onClose(true);
    } catch (err) {
      if (problemCode(err) === 'VERSION_MISMATCH') return showChange(sent);
      if (!form.refused(err)) setProblem(err);
      // A refusal can come of a change not shown yet (a rule that reads the record): fetched,
      // the dialog says whether the transition still applies.
      await drift.refresh().catch(() => undefined);
    }
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit}>
      <Dialog.Description className="dialog-description">
        {transition.description ?? `“${recordTitle}” will move to ${to?.label ?? transition.to}.`}
        {to?.final ? ' This cannot be undone.' : ''}
      </Dialog.Description>
      <ChangedNotice
        entity={entity}
        record={drift.latest}
        what={what}
        changes={drift.changes}
        gone={drift.gone}
        kept={kept}
      />
      <p role="status" className={line ? 'changed-notice' : undefined}>
        {line}
      </p>
      {problem !== null && (
        <div ref={alertRef} tabIndex={-1}>
          <ProblemAlert error={problem} issues={form.unplaced} />
        </div>
      )}
      <FieldSet
        idPrefix={`transition-${transition.name}`}
        fields={transition.input}
        names={names}
        form={form}
      />
      <DialogActions submit={transition.label} busy={pending} disabled={!applies || drift.gone} />
    </form>
  );
}

/**
 * Open while rendered; closing (Escape, Cancel, done) calls onClose.
 * @example {asking && <TransitionDialog entity="tickets" record={t} recordTitle={t.subject} transition={asking} onClose={() => setAsking(null)} />}
 */
export function TransitionDialog(props: TransitionDialogProps) {
  useHoldPage(true);
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            // The button that opened it may be gone (the record moved on): Radix would then
            // leave focus on the body.
            // It may also go a moment later, when the record's new state is drawn.
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
            keepFocus(...(props.returnFocus ? [props.returnFocus] : []));
          }}
        >
          <Dialog.Title className="dialog-title">{props.transition.label}</Dialog.Title>
          <TransitionForm {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * True when a transition should ask first: it takes input, or its state is final.
 * @example needsDialog(meta.entities.tickets!, resolve) // true
 */
export function needsDialog(
  entity: { readonly states?: { readonly states: { readonly [s: string]: { readonly final: boolean } } } },
  t: NamedTransition,
): boolean {
  return Object.keys(t.input).length > 0 || entity.states?.states[t.to]?.final === true;
}
