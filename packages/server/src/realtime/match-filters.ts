/**
 * List filters evaluated on one record, for subscriptions to a list query.
 */
import type { Filter } from '../core/records/list-query';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * Whether a record passes every filter, with the list endpoint's meaning.
 * @example matchFilters([{ field: 'status', op: 'eq', value: 'open' }], ticket)
 */
export function matchFilters(filters: readonly Filter[], record: Readonly<Record<string, unknown>>): boolean {
  return filters.every((f) => {
    const v = record[f.field] ?? null;
    switch (f.op) {
      case 'eq':
        return v === f.value;
      case 'ne':
        return v !== f.value;
      case 'in':
        return (f.value as unknown[]).includes(v);
      case 'contains':
        return typeof v === 'string' && v.toLowerCase().includes(String(f.value).toLowerCase());
      default: {
        if (v === null) return false;
        const c = compare(v, f.value);
        return f.op === 'lt' ? c < 0 : f.op === 'lte' ? c <= 0 : f.op === 'gt' ? c > 0 : c >= 0;
      }
    }
  });
}
