/**
 * Runs a transition on a record and says how it went: the new state in a toast, a refusal
 * in the catalogue's words ("Tickets can be reopened within 7 days of being resolved."), or
 * thrown back to a dialog that says it in place.
 */
import { useCallback } from 'react';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { capitalize, singular } from '../format/singular';
import { useMeta } from '../meta/meta-provider';
import type { NamedTransition } from '../permissions/record-abilities';

/** How a transition is run, and where a refusal is said. */
export interface RunOptions {
  /**
   * Throw every refusal back, for a dialog to say it in place and keep what was typed in it;
   * without it a refusal is toasted and `run` resolves false.
   */
  readonly keepRefusals?: boolean;
  /**
   * Run only on this version of the record (`If-Match`): a change made since (someone else's)
   * is refused with 412 VERSION_MISMATCH rather than run over unseen.
   */
  readonly version?: number;
}

export interface RunTransition {
  /** Runs it; resolves true when done, false when refused (and toasted; see `RunOptions`). */
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
        if (options.keepRefusals) throw err;
        // A 412 too: the refetch that follows the write shows what the other writer did.
        notify.error(err);
        return false;
      }
    },
    [mutateAsync, notify, e, entity],
  );
  return { run, pending: mutation.isPending };
}
