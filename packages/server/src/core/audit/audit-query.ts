/**
 * The query string of `GET /api/audit`, read and checked: filters by entity, record, actor
 * and operation, a time range on when the change was made, a page size and a cursor.
 * Anything else, or a value that cannot be meant, is MALFORMED_REQUEST saying which.
 */
import type { SelectQueryBuilder } from 'kysely';
import { AppError } from '../app-error';
import type { AuditOperation } from './audit-log';

export const AUDIT_OPERATIONS: readonly AuditOperation[] = [
  'create',
  'update',
  'delete',
  'transition',
  'action',
];

const EQUALS = ['entity', 'recordId', 'actor', 'operation'] as const;
// A day, or an instant with its offset: a time without a zone would mean a different moment
// to the server than to whoever typed it.
const WHEN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

/**
 * Whether the day and hour written exist. Date.parse rolls what does not over — 2030-02-30
 * is read as 2030-03-02, T24:00 as the next midnight — so the parts must read back as written.
 */
function exists(value: string): boolean {
  const day = value.slice(0, 10);
  const hour = value.slice(11, 13);
  return new Date(Date.parse(day)).toISOString().slice(0, 10) === day && (hour === '' || Number(hour) < 24);
}

function instant(param: string, value: string): string {
  const t = WHEN.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(t))
    throw bad(`${param} must be a date (2025-03-01) or a time with its zone (2025-03-01T09:30:00Z).`);
  if (!exists(value)) throw bad(`${param} is not a day and time that exist: ${value}.`);
  return new Date(t).toISOString();
}

export interface AuditQuery {
  readonly limit: number;
  /** The cursor as given, still sealed (audit-cursor.ts). */
  readonly cursor: string | undefined;
  /** The filters and range, normalized: a cursor is sealed for exactly these. */
  readonly filters: string;
  /** Narrows a select of `nf_audit` to the filters, the time range, and entries before `before`. */
  narrow<Q extends SelectQueryBuilder<any, any, any>>(q: Q, before?: string): Q;
}

/**
 * `from` is inclusive and `to` exclusive, both compared with the stored time of the change
 * (a bare date is midnight UTC); every filter given must hold.
 * @example readAuditQuery({ operation: 'delete', from: '2025-03-01', limit: '50' }, { default: 25, max: 100 })
 */
export function readAuditQuery(
  query: Readonly<Record<string, unknown>>,
  pageSize: { readonly default: number; readonly max: number },
): AuditQuery {
  const equals: [string, string][] = [];
  const range: { from?: string; to?: string } = {};
  let limit = pageSize.default;
  let cursor: string | undefined;
  for (const [param, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw bad(`${param} is given more than once.`);
    if ((EQUALS as readonly string[]).includes(param)) {
      if (param === 'operation' && !(AUDIT_OPERATIONS as readonly string[]).includes(value))
        throw bad(`operation must be one of ${AUDIT_OPERATIONS.join(', ')}.`);
      equals.push([param, value]);
    } else if (param === 'from' || param === 'to') {
      range[param] = instant(param, value);
    } else if (param === 'limit') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw bad('limit must be a whole number of at least 1.');
      limit = Math.min(n, pageSize.max);
    } else if (param === 'cursor') {
      cursor = value;
    } else {
      throw bad(`'${param}' is not a filter of the audit log.`);
    }
  }
  if (range.from && range.to && range.from >= range.to) throw bad('from must be earlier than to.');
  return {
    limit,
    cursor,
    filters: JSON.stringify([[...equals].sort(), range.from ?? null, range.to ?? null]),
    narrow: (q, before) => {
      let out = q;
      for (const [column, value] of equals) out = out.where(column, '=', value) as typeof q;
      if (range.from) out = out.where('at', '>=', range.from) as typeof q;
      if (range.to) out = out.where('at', '<', range.to) as typeof q;
      if (before) out = out.where('id', '<', before) as typeof q;
      return out;
    },
  };
}
