/**
 * The words for a reference: the referenced record's title (a ticket's subject, a user's
 * name), fetched once and cached; "you" for the caller; nothing when the caller may not
 * read it (a customer sees agents only as ids, which mean nothing to them).
 */
import { useMeta } from '../meta/meta-provider';
import { mayDo, permissionCell, readsOnlySelf } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { nf } from './ninefold';

export interface RefTitle {
  /** The words, or undefined while loading or when not readable. */
  readonly title: string | undefined;
  readonly loading: boolean;
  /** True when the caller cannot read the referenced record. */
  readonly hidden: boolean;
}

/**
 * @example const { title } = useRefTitle('users', ticket.assignee); // 'Priya Natarajan'
 */
export function useRefTitle(entity: string, id: string | null | undefined): RefTitle {
  const meta = useMeta();
  const { role, user } = useSession();
  const isMe = entity === 'users' && id !== null && id !== undefined && id === user?.id;
  const cell = permissionCell(meta, role, entity, 'read');
  const readable = mayDo(meta, role, entity, 'read') && !(cell && readsOnlySelf(cell));
  const ask = Boolean(id) && readable && !isMe;
  const record = nf.useRecord(entity, ask ? (id ?? undefined) : undefined, { live: false });
  if (!id) return { title: undefined, loading: false, hidden: false };
  if (isMe)
    return { title: `${String(user?.name ?? user?.email ?? 'You')} (you)`, loading: false, hidden: false };
  if (!readable || record.isError) return { title: undefined, loading: false, hidden: true };
  const field = meta.entities[entity]?.title ?? 'name';
  const data = record.data as Record<string, unknown> | undefined;
  const value = data?.[field];
  return { title: typeof value === 'string' ? value : undefined, loading: record.isPending, hidden: false };
}
