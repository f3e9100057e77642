/**
 * The words for a reference: the referenced record's title (a ticket's subject, a user's
 * name, a loan's book and borrower), read from the record the page already carries (a list
 * row's `$expand`) or else fetched once and cached; "you" for the caller; nothing when the
 * caller may not read it (a customer sees agents only as ids, which mean nothing to them).
 */
import { type ExpandedRefs, recordTitle, type TitledRecord, titleRefs } from '@ninefold/spec';
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
 * The record a row carries for its reference `field` (`?expand=`): the record, `null` when
 * the server says there is none the caller may read, `undefined` when the row was not
 * expanded for that field.
 * @example expandedRef(row, 'assignee') // { id, name: 'Priya Natarajan', … }
 */
export function expandedRef(
  record: { readonly [field: string]: unknown },
  field: string,
): TitledRecord | null | undefined {
  const $expand = record.$expand as ExpandedRefs | undefined;
  if (!$expand || typeof $expand !== 'object' || !(field in $expand)) return undefined;
  return $expand[field] ?? null;
}

/**
 * With `expanded` (what `expandedRef` gives for the row), the title is read from it and
 * nothing is fetched; without, the record is fetched once and cached.
 * @example const { title } = useRefTitle('users', ticket.assignee); // 'Priya Natarajan'
 * @example const { title } = useRefTitle('users', row.assignee, expandedRef(row, 'assignee'));
 */
export function useRefTitle(
  entity: string,
  id: string | null | undefined,
  expanded?: TitledRecord | null,
): RefTitle {
  const meta = useMeta();
  const { role, user } = useSession();
  const isMe = entity === 'users' && id !== null && id !== undefined && id === user?.id;
  const cell = permissionCell(meta, role, entity, 'read');
  const readable = mayDo(meta, role, entity, 'read') && !(cell && readsOnlySelf(cell));
  const e = meta.entities[entity];
  const refs = e ? titleRefs(e) : [];
  // An expanded record is one level deep: a title read through its own references needs the fetch.
  const carried =
    expanded === null ||
    (expanded !== undefined && expanded.id === id && (refs.length === 0 || expanded.$expand !== undefined));
  const ask = Boolean(id) && readable && !isMe && !carried;
  // A title through references (`'{book.title} for {borrower.name}'`) needs them expanded.
  const plain = nf.useRecord(entity, ask && refs.length === 0 ? (id ?? undefined) : undefined, {
    live: false,
  });
  const withRefs = useQuery(titleQuery(nf.useClient(), entity, id, refs, ask));
  const record = refs.length === 0 ? plain : withRefs;
  if (!id) return { title: undefined, loading: false, hidden: false };
  if (isMe)
    return { title: `${String(user?.name ?? user?.email ?? 'You')} (you)`, loading: false, hidden: false };
  if (carried) {
    return expanded && e
      ? { title: recordTitle(e, expanded), loading: false, hidden: false }
      : { title: undefined, loading: false, hidden: true };
  }
  if (!readable || record.isError) return { title: undefined, loading: false, hidden: true };
  const data = record.data as AnyRecord | undefined;
  return { title: data && e ? recordTitle(e, data) : undefined, loading: record.isPending, hidden: false };
}
