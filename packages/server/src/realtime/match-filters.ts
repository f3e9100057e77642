/**
 * List filters evaluated on one record, for subscriptions to a list query: the spec's one
 * filter semantics (`matchesFilters`, SQL's three-valued logic), the meaning the list
 * endpoint's WHERE clause has. `?assignee[ne]=u1` admits no unassigned record here either.
 */
import { matchesFilters } from '@ninefold/spec';
import type { Filter } from '../core/records/list-query';

/**
 * Whether a record passes every filter, with the list endpoint's meaning.
 * @example matchFilters([{ field: 'status', op: 'eq', value: 'open' }], ticket)
 */
export function matchFilters(filters: readonly Filter[], record: Readonly<Record<string, unknown>>): boolean {
  return matchesFilters(filters, record);
}
