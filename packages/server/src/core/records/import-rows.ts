/**
 * The rows of an import body, each as the object a `POST` of one record would send: a JSON
 * array as it is, a CSV file (RFC 4180, parsed by csv-parse) by its header row, each cell
 * read as its field's type so that what an export wrote imports back. A cell that cannot be
 * read as its type is passed on as text, for the spec's validation to refuse with its code.
 * The row cap is applied while reading, so a body of many tiny rows is refused before it is
 * held in memory as rows.
 */
import { type EntityNode, type Field, IMPORT_MAX_ROWS, isWritable, SYSTEM_FIELDS } from '@ninefold/spec';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../app-error';

/** The rows to create, and the columns left out because no create may set them. */
export interface ImportRows {
  readonly rows: unknown[];
  /**
   * Fields the server alone sets (the state, read-only and computed ones, and file fields,
   * which only uploads fill), as an export writes them.
   */
  readonly ignoredColumns: string[];
}

const SYSTEM: ReadonlySet<string> = new Set(SYSTEM_FIELDS);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// What `csvCell` put in front of text a spreadsheet would run as a formula, or of text that
// already started with `'`s before one: strip one `'`, and only there, so any text round-trips.
const NEUTRALISED = /^'+[=+\-@\t\r]/;

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

const TOO_MANY = `an import takes at most ${IMPORT_MAX_ROWS} rows.`;

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

/**
 * Whether an import leaves the column out: the system fields (ids and times are the server's
 * to set) and the fields no create may name — an export writes both, so it imports back.
 * An unknown name is kept, for validation to refuse as `unknown_field`.
 */
function serverSet(entity: EntityNode, name: string): boolean {
  return Object.hasOwn(entity.fields, name) && !isWritable(entity.fields[name]!);
}

/** Declared order, so the report reads like the form. */
function inFieldOrder(entity: EntityNode, names: ReadonlySet<string>): string[] {
  return Object.keys(entity.fields).filter((f) => names.has(f));
}

/**
 * The rows of a CSV body: an empty cell leaves its field out (its default applies).
 * @example csvRows(tickets, 'subject,status\r\nPrinter,open\r\n') // { rows: [{ subject: 'Printer' }], ignoredColumns: ['status'] }
 */
export function csvRows(entity: EntityNode, text: string): ImportRows {
  let table: string[][];
  try {
    // The header, the cap, and one more to know the cap is passed: the parser stops there.
    table = parse(text, { bom: true, skip_empty_lines: true, to: IMPORT_MAX_ROWS + 2 });
  } catch (e) {
    // Its code and line only: the message may quote the file back.
    if (e instanceof CsvError) throw bad(`the CSV cannot be read (${e.code}, line ${e.lines}).`);
    throw e;
  }
  const [header, ...rows] = table;
  if (!header) throw bad('the CSV has no header row.');
  if (header.some((h) => h.trim() === '')) throw bad('the CSV header names an empty column.');
  if (new Set(header).size !== header.length) throw bad('the CSV header names a column twice.');
  if (rows.length > IMPORT_MAX_ROWS) throw bad(TOO_MANY);
  const fields = header.map((h) => (Object.hasOwn(entity.fields, h) ? entity.fields[h] : undefined));
  const skip = header.map((h) => SYSTEM.has(h) || serverSet(entity, h));
  return {
    rows: rows.map((cells) => {
      const row: Record<string, unknown> = {};
      cells.forEach((raw, i) => {
        if (raw !== '' && !skip[i]) row[header[i]!] = cellValue(fields[i], raw);
      });
      return row;
    }),
    ignoredColumns: inFieldOrder(entity, new Set(header.filter((h) => serverSet(entity, h)))),
  };
}

/**
 * How many elements the top-level JSON array in `text` has, counting no further than
 * `limit + 1`; undefined when the text is not an array. A scan without allocation, so an
 * array of millions of `{}` is refused before `JSON.parse` builds it. Malformed text is
 * left for `JSON.parse` to refuse.
 * @example countArrayElements('[{"a":[1,2]},3]', 10) // 2
 */
export function countArrayElements(text: string, limit: number): number | undefined {
  let i = text.search(/\S/);
  if (i < 0 || text[i] !== '[') return undefined;
  let depth = 1;
  let commas = 0;
  let seen = false;
  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (c === ']' || c === '}') {
      if (--depth === 0) break;
      continue;
    }
    seen = true;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') depth++;
    else if (c === ',' && depth === 1 && ++commas >= limit) return commas + 1;
  }
  return seen ? commas + 1 : 0;
}

/**
 * The rows of a JSON body: an array of objects, each without the fields an export writes
 * and no create may set.
 * @example jsonRows(tickets, '[{"subject":"Printer","status":"open"}]') // { rows: [{ subject: 'Printer' }], ignoredColumns: ['status'] }
 */
export function jsonRows(entity: EntityNode, text: string): ImportRows {
  if ((countArrayElements(text, IMPORT_MAX_ROWS) ?? 0) > IMPORT_MAX_ROWS) throw bad(TOO_MANY);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bad('the body is not valid JSON.');
  }
  if (!Array.isArray(body)) throw bad('a JSON import is an array of records.');
  if (body.length > IMPORT_MAX_ROWS) throw bad(TOO_MANY);
  const ignored = new Set<string>();
  const rows = body.map((r) => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return r;
    const kept: [string, unknown][] = [];
    for (const [k, v] of Object.entries(r)) {
      if (serverSet(entity, k)) ignored.add(k);
      else if (!SYSTEM.has(k)) kept.push([k, v]);
    }
    return Object.fromEntries(kept);
  });
  return { rows, ignoredColumns: inFieldOrder(entity, ignored) };
}
