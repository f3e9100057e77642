/**
 * A button for an action that works on one record ("Assign to me"): calls it, refreshes the
 * entity's lists and records, and says how it went in a toast.
 */
import { queryKeys } from '@ninefold/react';
import { useQueryClient } from '@tanstack/react-query';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import type { RecordAction } from '../permissions/record-abilities';

/**
 * @example <RecordActionButton entity="tickets" id={ticket.id} action={assignToMe} />
 */
export function RecordActionButton({
  entity,
  id,
  action,
  label,
}: {
  readonly entity: string;
  readonly id: string;
  readonly action: RecordAction;
  /** Names the record for screen readers when many rows have the same button. */
  readonly label?: string | undefined;
}) {
  const run = nf.useAction(action.name);
  const qc = useQueryClient();
  const notify = useNotify();
  // Not mutate's own callbacks: TanStack Query drops them when the button unmounts, and the
  // realtime event that takes the record out of this list can arrive before the answer does.
  const click = () =>
    run.mutateAsync({ [action.input]: id } as never).then(
      () => {
        notify.success(`${action.label}: done.`);
        void qc.invalidateQueries({ queryKey: queryKeys.entity(entity) });
      },
      (e: unknown) => notify.error(e),
    );
  return (
    <button
      type="button"
      className="secondary small"
      onClick={click}
      disabled={run.isPending}
      aria-label={label ? `${action.label}: ${label}` : undefined}
      title={action.description}
    >
      {action.label}
    </button>
  );
}
