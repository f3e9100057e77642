/**
 * A transition that needs words before it runs: its input fields (resolve asks for the
 * resolution), or a confirmation when it ends the record's life (close, withdraw). A Radix
 * dialog: focus moves in, stays in, and returns to the button that opened it. While it is
 * open the record may change (realtime): what the user typed stays, and the dialog says what
 * changed. It runs on the newest version the dialog has shown (`If-Match`), so a change it
 * has not shown yet is refused, fetched and shown, and the user decides again.
 */

import { validatorFor } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { problemCode } from '../api/api-error';
import { ChangedNotice } from '../components/changed-notice';
import { DialogActions } from '../components/dialog-actions';
import { FieldSet } from '../components/field-set';
import { keepFocus } from '../components/keep-focus';
import { type DriftRecord, useRecordDrift } from '../data/use-record-drift';
import { singular } from '../format/singular';
import { initialValues } from '../forms/form-values';
import { useFieldForm } from '../forms/use-field-form';
import { useMeta } from '../meta/meta-provider';
import type { NamedTransition } from '../permissions/record-abilities';
import { useRunTransition } from './use-run-transition';
import '../styles/dialog.css';

export interface TransitionDialogProps {
  readonly entity: string;
  /** The record as the caller showed it when the dialog was asked for. */
  readonly record: { readonly id: string; readonly [field: string]: unknown };
  /** The record's title, to say which record this is about. */
  readonly recordTitle: string;
  readonly transition: NamedTransition;
  /** Where focus goes when the control that opened the dialog is gone by the time it closes. */
  readonly returnFocus?: string | undefined;
  onClose(done: boolean): void;
}

function TransitionForm({ entity, record, recordTitle, transition, onClose }: TransitionDialogProps) {
  const meta = useMeta();
  const e = meta.entities[entity]!;
  const [opened] = useState(() => ({ ...record, version: Number(record.version ?? 0) }) as DriftRecord);
  const drift = useRecordDrift(entity, opened);
  // From the send until the dialog closes, a new version is the user's own: not news.
  const [sending, setSending] = useState(false);
  const names = Object.keys(transition.input);
  const validator = useMemo(() => validatorFor(e), [e]);
  const form = useFieldForm(transition.input, names, initialValues(transition.input, names), (d) =>
    validator.transition(transition.name, d),
  );
  const { run, pending } = useRunTransition(entity);
  const machine = e.states;
  const to = machine?.states[transition.to];
  const state = machine ? String(drift.latest[machine.field] ?? '') : '';
  // Someone else moved the record to a state this transition does not start from: sending
  // would only be refused (and close the dialog), so the input stays and the button waits.
  const moved = !sending && machine !== undefined && !transition.from.includes(state);
  const kept = moved
    ? `${transition.label} no longer applies: it is ${machine?.states[state]?.label ?? state} now. What you typed stays here until you close this dialog.`
    : 'What you typed is kept.';

  const submit = form.handleSubmit(async (body) => {
    if (moved) return;
    const version = drift.latest.version;
    setSending(true);
    try {
      const done = await run(record.id, transition, body, { keepFieldErrors: true, version });
      if (!done) setSending(false);
      onClose(done);
    } catch (err) {
      setSending(false);
      // A change this dialog had not shown yet: fetched, the notice says what it was, and
      // the user's input stays for them to send again.
      if (problemCode(err) === 'VERSION_MISMATCH') await drift.refresh();
      else form.refused(err);
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
        what={singular(e.label)}
        changes={sending ? [] : drift.changes}
        gone={drift.gone}
        kept={kept}
      />
      <FieldSet
        idPrefix={`transition-${transition.name}`}
        fields={transition.input}
        names={names}
        form={form}
      />
      <DialogActions submit={transition.label} busy={pending} disabled={moved} />
    </form>
  );
}

/**
 * Open while rendered; closing (Escape, Cancel, done) calls onClose.
 * @example {asking && <TransitionDialog entity="tickets" record={t} recordTitle={t.subject} transition={asking} onClose={() => setAsking(null)} />}
 */
export function TransitionDialog(props: TransitionDialogProps) {
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
