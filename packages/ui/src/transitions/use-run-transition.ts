/**
 * Runs a transition on a record and says how it went: the new state in a toast, a refusal
 * in the catalogue's words ("Tickets can be reopened within 7 days of being resolved.").
 */
import { useCallback } from 'react';
import { problemCode } from '../api/api-error';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { capitalize, singular } from '../format/singular';
import { useMeta } from '../meta/meta-provider';
import type { NamedTransition } from '../permissions/record-abilities';

export interface RunOptions {
  readonly keepFieldErrors?: boolean;
  readonly version?: number;
}

export interface RunTransition {
  /**
   * Runs it; resolves true when done. With `keepFieldErrors`, a refusal with field errors is
   * thrown back for a form to place, not toasted. With `version`, it runs only on that
   * version of the record (`If-Match`), and a 412 VERSION_MISMATCH is thrown back for the
   * caller, who asked for the check, to show what changed.
   */
  run(
    id: string,
    transition: NamedTransition,
    input?: Record<string, unknown>,
    options?: RunOptions,
  ): Promise<boolean>;
  readonly pending: boolean;
}

/**
 * @example const { run } = useRunTransition('tickets'); await run(ticket.id, resolve, { resolution: 'Fixed.' });
 */
export function useRunTransition(entity: string): RunTransition {
  const meta = useMeta();
  const notify = useNotify();
  const e = meta.entities[entity];
  const mutation = nf.useTransition(entity, e?.states?.field);
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (id: string, t: NamedTransition, input: Record<string, unknown> = {}, options: RunOptions = {}) => {
      const { version } = options;
      try {
        await mutateAsync({
          id,
          name: t.name,
          input: input as never,
          to: t.to,
          ...(version === undefined ? {} : { version }),
        });
        const state = e?.states?.states[t.to]?.label ?? t.to;
        notify.success(capitalize(`${singular(e?.label ?? entity)} is now ${state.toLowerCase()}.`));
        return true;
      } catch (err) {
        const fields = (err as { fieldErrors?: readonly unknown[] }).fieldErrors ?? [];
        if (options.keepFieldErrors && fields.length > 0) throw err;
        if (version !== undefined && problemCode(err) === 'VERSION_MISMATCH') throw err;
        notify.error(err);
        return false;
      }
    },
    [mutateAsync, notify, e, entity],
  );
  return { run, pending: mutation.isPending };
}
