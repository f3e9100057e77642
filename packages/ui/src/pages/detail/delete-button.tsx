/**
 * Deleting a record from its page, when its `$can.delete` says the viewer may: asked first
 * in a dialog, sent with the version read (a record someone changed meanwhile is refused, not
 * deleted unseen), then back to the entity's list.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { nf } from '../../data/ninefold';
import { useNotify } from '../../feedback/use-notify';
import { capitalize, singular } from '../../format/singular';
import { useMeta } from '../../meta/meta-provider';
import { useRouter } from '../../router/router-provider';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';

type Rec = { readonly id: string; readonly version: number; readonly $can?: unknown };

/**
 * @example <DeleteButton entity="tickets" record={ticket} title="VPN drops hourly" />
 */
export function DeleteButton({ entity, record, title }: { entity: string; record: Rec; title: string }) {
  const meta = useMeta();
  const { role } = useSession();
  const { navigate } = useRouter();
  const notify = useNotify();
  const remove = nf.useDelete(entity);
  const [asking, setAsking] = useState(false);
  if ((record.$can as { delete?: boolean } | undefined)?.delete !== true) return null;
  const what = singular(meta.entities[entity]?.label ?? entity);

  // Resolves whether the dialog should close itself: after a refusal it should (the toast says
  // why); after a delete it must not, since the page it belongs to is being left.
  const confirm = async (): Promise<boolean> => {
    try {
      await remove.mutateAsync({ id: record.id, version: record.version });
    } catch (e) {
      notify.error(e);
      return true;
    }
    notify.success(`${capitalize(what)} deleted.`);
    navigate(screenRoute(meta.screens, role, entity, 'list') ?? '/', { replace: true });
    return false;
  };

  return (
    <>
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        Delete
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete “${title}”?`}
          description={`The ${what} and what belongs to it are removed for everyone. This cannot be undone.`}
          confirm={`Delete ${what}`}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
