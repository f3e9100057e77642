/**
 * Who did something, in words: "You", their name when the viewer may read people, else
 * their role ("Agent") — a customer is not shown agents' names the server keeps from them.
 */
import { RefTitleText } from '../../components/ref-title';
import { useMeta } from '../../meta/meta-provider';
import { mayDo, permissionCell, readsOnlySelf } from '../../permissions/role-view';
import { useSession } from '../../session/session-provider';

/**
 * @example <ActorName id={entry.actor} actorRole={entry.actorRole} />
 */
export function ActorName({
  id,
  actorRole,
}: {
  readonly id: string | null;
  readonly actorRole: string | null;
}) {
  const meta = useMeta();
  const session = useSession();
  if (!id) return <>The system</>;
  if (id === session.user?.id) return <>You</>;
  const cell = permissionCell(meta, session.role, 'users', 'read');
  if (mayDo(meta, session.role, 'users', 'read') && !(cell && readsOnlySelf(cell))) {
    return <RefTitleText entity="users" id={id} />;
  }
  return <>{(actorRole && meta.roles[actorRole]?.label) ?? 'Someone'}</>;
}
