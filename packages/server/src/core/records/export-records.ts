/**
 * Export: the list as the caller sees it — the same query, the same records, each cut to
 * the fields it shows them — written page by page as CSV (RFC 4180) or JSON. The pages are
 * the list's own keyset pages, read one at a time as the reader takes them, so an export of
 * any size holds one page in memory and a slow reader slows the reads (backpressure).
 * Files are written as stored, without the caller's urls (a file outlives its link): in
 * JSON as `{id, name, size, type}`, in CSV as their names joined by `; `.
 */
import { type EntityNode, SYSTEM_FIELDS } from '@ninefold/spec';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../app-error';
import { fileFieldsOf, storedFiles } from '../files/file-fields';
import { listRecords, readListQuery } from './list-records';
import type { RecordScope } from './record-scope';
import type { Rec } from './row-codec';

export type ExportFormat = 'csv' | 'json';

/** A prepared export: what to call the file, its type, and its text in chunks. */
export interface ExportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly chunks: AsyncIterable<string>;
}

// What a list takes that means nothing to a file of every page.
const NOT_HERE = new Set(['limit', 'cursor', 'count', 'expand']);
// A spreadsheet runs a cell that starts so as a formula (OWASP "CSV injection"); text that
// already starts with `'`s before one is marked too, so an import strips exactly one `'`.
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * A CSV cell of a value: empty for none, JSON for lists and objects, and text that a
 * spreadsheet would run as a formula behind a `'`. Numbers are written as they are: a
 * number field's value is never a formula.
 * @example csvCell('=1+1') // "'=1+1"
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return FORMULA.test(value) ? `'${value}` : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The columns of the file: the system fields, then every field of the entity the caller
 * may read on some record (a record that hides one leaves its cell empty).
 * @example exportColumns(scope, 'tickets') // ['id', 'createdAt', 'updatedAt', 'version', 'subject', …]
 */
export function exportColumns(scope: RecordScope, entity: string): string[] {
  const node: EntityNode = scope.entity(entity);
  const plan = scope.readPlan(entity);
  const own = Object.keys(node.fields);
  const shown =
    plan.grants === undefined
      ? plan.common
      : plan.grants.some((g) => !g.fields)
        ? undefined
        : new Set(plan.grants.flatMap((g) => g.fields ?? []));
  return [...SYSTEM_FIELDS, ...own.filter((f) => !shown || shown.has(f))];
}

/**
 * Checks the query and reads the first page before anything is sent, so a bad query is a
 * problem answer, not a broken file; then yields the file as the reader pulls it.
 * @example const file = await exportRecords(scope, 'tickets', 'csv', { status: 'open' });
 */
export async function exportRecords(
  scope: RecordScope,
  entity: string,
  format: ExportFormat,
  query: Readonly<Record<string, unknown>>,
): Promise<ExportFile> {
  for (const param of Object.keys(query)) {
    if (NOT_HERE.has(param))
      throw new AppError('MALFORMED_REQUEST', { reason: `${param} does not apply to an export.` });
  }
  const base = { ...query, limit: String(scope.app.limits.pageSize.max) };
  const page = (cursor: string | null) =>
    listRecords(scope, entity, readListQuery(scope, entity, cursor ? { ...base, cursor } : base));
  const first = await page(null);
  const columns = exportColumns(scope, entity);
  const files = fileFieldsOf(scope.entity(entity));
  const kept =
    files.length === 0
      ? (items: Rec[]) => items
      : (items: Rec[]) => items.map((r) => asStored(r, files, format));
  async function* pages(): AsyncGenerator<Rec[]> {
    let current = first;
    yield kept(current.items);
    while (current.nextCursor) {
      current = await page(current.nextCursor);
      yield kept(current.items);
    }
  }
  return format === 'csv'
    ? {
        filename: `${entity}.csv`,
        contentType: 'text/csv; charset=utf-8',
        chunks: csvChunks(columns, pages()),
      }
    : {
        filename: `${entity}.json`,
        contentType: 'application/json; charset=utf-8',
        chunks: jsonChunks(pages()),
      };
}

/** A record's files as stored (no url), or for CSV their names. */
function asStored(record: Rec, files: readonly string[], format: ExportFormat): Rec {
  const out: Rec = { ...record };
  for (const f of files) {
    if (!(f in out)) continue;
    const held = storedFiles(out[f]).map(({ id, name, size, type }) => ({ id, name, size, type }));
    out[f] =
      format === 'csv'
        ? held.map((x) => x.name).join('; ')
        : Array.isArray(out[f])
          ? held
          : (held[0] ?? null);
  }
  return out;
}

async function* csvChunks(columns: readonly string[], pages: AsyncIterable<Rec[]>): AsyncGenerator<string> {
  const options = { record_delimiter: 'windows' } as const;
  yield stringify([columns], options);
  for await (const items of pages) {
    if (items.length === 0) continue;
    yield stringify(
      items.map((r) => columns.map((c) => csvCell(r[c]))),
      options,
    );
  }
}

async function* jsonChunks(pages: AsyncIterable<Rec[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const items of pages) {
    if (items.length === 0) continue;
    yield `${first ? '' : ','}${items.map((r) => JSON.stringify(r)).join(',')}`;
    first = false;
  }
  yield ']';
}
