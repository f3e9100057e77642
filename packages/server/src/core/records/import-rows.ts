/**
 * The rows of an import body, each as the object a `POST` of one record would send: a JSON
 * array as it is, a CSV file (RFC 4180, parsed by csv-parse) by its header row, each cell
 * read as its field's type so that what an export wrote imports back. A cell that cannot be
 * read as its type is passed on as text, for the spec's validation to refuse with its code.
 */
import { type EntityNode, type Field, IMPORT_MAX_ROWS, SYSTEM_FIELDS } from '@ninefold/spec';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../app-error';

const SYSTEM: ReadonlySet<string> = new Set(SYSTEM_FIELDS);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// What `csvCell` put in front of text a spreadsheet would run as a formula.
const NEUTRALISED = /^'[=+\-@\t\r]/;

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

function cellValue(field: Field | undefined, raw: string): unknown {
  const cell = NEUTRALISED.test(raw) ? raw.slice(1) : raw;
  switch (field?.type) {
    case 'integer':
    case 'number':
      return NUMBER.test(cell) ? Number(cell) : cell;
    case 'boolean':
      return cell === 'true' ? true : cell === 'false' ? false : cell;
    case 'list':
    case 'object':
    case 'map':
      try {
        return JSON.parse(cell);
      } catch {
        return cell;
      }
    default:
      return cell;
  }
}

/** Leaves out the system fields an export writes (ids and times are the server's to set). */
function withoutSystem(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SYSTEM.has(k)));
}

function capped<T>(rows: T[]): T[] {
  if (rows.length > IMPORT_MAX_ROWS) throw bad(`an import takes at most ${IMPORT_MAX_ROWS} rows.`);
  return rows;
}

/**
 * The rows of a CSV body: an empty cell leaves its field out (its default applies).
 * @example csvRows(tickets, 'subject,priority\r\nPrinter,high\r\n') // [{ subject: 'Printer', priority: 'high' }]
 */
export function csvRows(entity: EntityNode, text: string): Record<string, unknown>[] {
  let table: string[][];
  try {
    table = parse(text, { bom: true, skip_empty_lines: true });
  } catch (e) {
    // Its code and line only: the message may quote the file back.
    if (e instanceof CsvError) throw bad(`the CSV cannot be read (${e.code}, line ${e.lines}).`);
    throw e;
  }
  const [header, ...rows] = table;
  if (!header) throw bad('the CSV has no header row.');
  if (header.some((h) => h.trim() === '')) throw bad('the CSV header names an empty column.');
  if (new Set(header).size !== header.length) throw bad('the CSV header names a column twice.');
  const fields = header.map((h) => (Object.hasOwn(entity.fields, h) ? entity.fields[h] : undefined));
  return capped(rows).map((cells) => {
    const row: Record<string, unknown> = {};
    cells.forEach((raw, i) => {
      if (raw !== '' && !SYSTEM.has(header[i]!)) row[header[i]!] = cellValue(fields[i], raw);
    });
    return row;
  });
}

/**
 * The rows of a JSON body: an array of objects.
 * @example jsonRows([{ subject: 'Printer' }]) // [{ subject: 'Printer' }]
 */
export function jsonRows(body: unknown): unknown[] {
  if (!Array.isArray(body)) throw bad('a JSON import is an array of records.');
  return capped(body).map((r) =>
    typeof r === 'object' && r !== null && !Array.isArray(r)
      ? withoutSystem(r as Record<string, unknown>)
      : r,
  );
}
