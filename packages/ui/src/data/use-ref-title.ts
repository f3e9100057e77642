/**
 * The words for a reference: the referenced record's title (a ticket's subject, a user's
 * name, a loan's book and borrower), fetched once and cached; "you" for the caller; nothing
 * when the caller may not read it (a customer sees agents only as ids, which mean nothing
 * to them).
 */
import { recordTitle, titleRefs } from '@ninefold/spec';
import { useQuery } from '@tanstack/react-query';
import { useMeta } from '../meta/meta-provider';
import { mayDo, permissionCell, readsOnlySelf } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { type AnyRecord, nf } from './ninefold';
import { titleQuery } from './use-record-title';

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
  const e = meta.entities[entity];
  const refs = e ? titleRefs(e) : [];
  // A title through references (`'{book.title} for {borrower.name}'`) needs them expanded.
  const plain = nf.useRecord(entity, ask && refs.length === 0 ? (id ?? undefined) : undefined, {
    live: false,
  });
  const expanded = useQuery(titleQuery(nf.useClient(), entity, id, refs, ask));
  const record = refs.length === 0 ? plain : expanded;
  if (!id) return { title: undefined, loading: false, hidden: false };
  if (isMe)
    return { title: `${String(user?.name ?? user?.email ?? 'You')} (you)`, loading: false, hidden: false };
  if (!readable || record.isError) return { title: undefined, loading: false, hidden: true };
  const data = record.data as AnyRecord | undefined;
  return { title: data && e ? recordTitle(e, data) : undefined, loading: record.isPending, hidden: false };
}
