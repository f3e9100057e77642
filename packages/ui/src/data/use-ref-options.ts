/**
 * The choices for a reference field: the records of the referenced entity the caller may
 * list that match what the user typed, narrowed by the field's own `where` when it is a plain
 * equality (assignee: users whose role is agent), each with its title.
 */
import { queryKeys } from '@ninefold/react';
import {
  type ClientMeta,
  type RefField,
  type RuleNode,
  type RuleVisitor,
  recordTitle,
  titleRefs,
  visitRule,
} from '@ninefold/spec';
import { useQuery } from '@tanstack/react-query';
import { useMeta } from '../meta/meta-provider';
import { mayDo, permissionCell, readsOnlySelf } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { nf } from './ninefold';

export interface RefOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A rule as list filters, when it is equalities of fields with values; else no filter (the
 * server still refuses a wrong choice, with the field's own error).
 * @example ruleAsWhere(eq('role', 'agent')) // { role: 'agent' }
 */
export function ruleAsWhere(rule: RuleNode | undefined): Record<string, unknown> {
  return rule ? visitRule(rule, AS_WHERE, undefined) : {};
}

const nothing = () => ({});

// Only equalities (and `and`s of them) narrow the choices; every other kind offers them all.
const AS_WHERE: RuleVisitor<Record<string, unknown>> = {
  and: (n) => Object.assign({}, ...n.rules.map(ruleAsWhere)),
  compare: (n) => {
    if (n.op !== 'eq') return {};
    const { left, right } = n;
    if (left.kind === 'field' && right.kind === 'literal') return { [left.name]: right.value };
    if (right.kind === 'field' && left.kind === 'literal') return { [right.name]: left.value };
    return {};
  },
  allow: nothing,
  deny: nothing,
  signedIn: nothing,
  or: nothing,
  not: nothing,
  in: nothing,
  isNull: nothing,
  inState: nothing,
  changed: nothing,
  related: nothing,
  can: nothing,
};

/** What `useRefOptions` answers. */
export interface RefOptions {
  readonly options: readonly RefOption[];
  readonly loading: boolean;
  /** False when the caller cannot list the entity: a choice is then not offered at all. */
  readonly available: boolean;
  /** True when more records match than are offered: the user should type more. */
  readonly more: boolean;
}

/**
 * Whether the role may list the records of `entity` to pick from: it reads them, and not
 * only its own (a customer reads only their own user, so agents cannot be offered).
 * @example refListable(meta, 'customer', 'users') // false
 */
export function refListable(meta: ClientMeta, role: string, entity: string): boolean {
  const cell = permissionCell(meta, role, entity, 'read');
  return mayDo(meta, role, entity, 'read') && !(cell && readsOnlySelf(cell));
}

/** How many records a picker offers at a time: it searches for the rest. */
export const PICKER_SIZE = 20;

/**
 * The records a reference may point at, each with its title. With `search`, the server's
 * full-text search over the target entity (or its title `contains` fallback when the entity
 * declares no search fields), so a catalogue of any size can be searched instead of cut at a
 * page; without, the first `limit` in the list's order.
 * @example const { options, available } = useRefOptions(meta.entities.tickets!.fields.assignee as RefField, 'pri');
 */
export function useRefOptions(field: RefField | undefined, search = '', limit = PICKER_SIZE): RefOptions {
  const meta = useMeta();
  const { role, user } = useSession();
  const entity = field?.entity ?? '';
  const available = Boolean(field) && refListable(meta, role, entity);
  const where = ruleAsWhere(field?.where as RuleNode | undefined);
  const client = nf.useClient();
  const target = meta.entities[entity];
  const expand = target ? titleRefs(target) : [];
  const term = search.trim();
  const query = {
    where,
    limit,
    ...(term ? { search: term } : {}),
    ...(expand.length > 0 ? { expand } : {}),
  };
  // Not useList: that always asks, and a caller who cannot list the entity must not.
  const list = useQuery({
    queryKey: queryKeys.list(entity, query),
    queryFn: ({ signal }) => client.list(entity, { ...query, signal } as never),
    enabled: available,
    staleTime: 60_000,
    // The last answer stays while the next search is out, so the list does not flash empty.
    placeholderData: (previous) => previous,
  });
  if (!available || !target) return { options: [], loading: false, available, more: false };
  const items = (list.data?.items ?? []) as Record<string, unknown>[];
  const options = items.map((r) => {
    const label = recordTitle(target, r);
    // As everywhere else in the UI: the caller is marked, so "assign to myself" is easy to find.
    return { value: String(r.id), label: entity === 'users' && r.id === user?.id ? `${label} (you)` : label };
  });
  return { options, loading: list.isFetching, available, more: Boolean(list.data?.nextCursor) };
}
