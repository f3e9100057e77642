/**
 * The choices for a reference field: the records of the referenced entity the caller may
 * list, narrowed by the field's own `where` when it is a plain equality (assignee: users
 * whose role is agent), each with its title.
 */
import { queryKeys } from '@ninefold/react';
import { type RefField, type RuleNode, type RuleVisitor, visitRule } from '@ninefold/spec';
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

/**
 * @example const { options, available } = useRefOptions(meta.entities.tickets!.fields.assignee as RefField);
 */
export function useRefOptions(field: RefField | undefined): {
  readonly options: readonly RefOption[];
  readonly loading: boolean;
  /** False when the caller cannot list the entity: a choice is then not offered at all. */
  readonly available: boolean;
} {
  const meta = useMeta();
  const { role, user } = useSession();
  const entity = field?.entity ?? '';
  const cell = permissionCell(meta, role, entity, 'read');
  const available = Boolean(field) && mayDo(meta, role, entity, 'read') && !(cell && readsOnlySelf(cell));
  const where = ruleAsWhere(field?.where as RuleNode | undefined);
  const client = nf.useClient();
  const query = { where, limit: meta.limits.pageSize.max };
  // Not useList: that always asks, and a caller who cannot list the entity must not.
  const list = useQuery({
    queryKey: queryKeys.list(entity, query),
    queryFn: () => client.list(entity, query as never),
    enabled: available,
    staleTime: 60_000,
  });
  if (!available) return { options: [], loading: false, available };
  const title = meta.entities[entity]?.title ?? 'name';
  const items = (list.data?.items ?? []) as Record<string, unknown>[];
  const options = items.map((r) => {
    const label = String(r[title] ?? r.id);
    // As everywhere else in the UI: the caller is marked, so "assign to myself" is easy to find.
    return { value: String(r.id), label: entity === 'users' && r.id === user?.id ? `${label} (you)` : label };
  });
  return { options, loading: list.isPending, available };
}
