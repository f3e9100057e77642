/**
 * Between what the inputs hold (strings and checkboxes) and the JSON a write sends, so the
 * spec's validator judges exactly the body the server will get. File fields have no input
 * here and never go into a body: files go up through their own route.
 */
import type { Field, Fields } from '@ninefold/spec';
import { isExpr, isFileField } from '@ninefold/spec';

/** What one input holds. */
export type FormValue = string | boolean;
export type FormValues = { readonly [name: string]: FormValue };

/** One failing field, as the validator and the server's `errors[]` report it. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

function initialValue(field: Field): FormValue {
  const d = field.default;
  if (field.type === 'boolean') return d === true;
  // Expression defaults (now(), caller()) are the server's to fill in.
  if (d === undefined || d === null || isExpr(d)) return '';
  return Array.isArray(d) ? d.join(', ') : String(d);
}

/**
 * The inputs' starting values: each field's literal default, else empty.
 * @example initialValues(meta.entities.tickets!.fields, ['subject', 'priority']) // { subject: '', priority: 'normal' }
 */
export function initialValues(fields: Fields, names: readonly string[]): FormValues {
  return Object.fromEntries(
    names.flatMap((n) => (fields[n] && !isFileField(fields[n]) ? [[n, initialValue(fields[n])]] : [])),
  );
}

/**
 * One input's value as JSON; undefined (left out of the body) when empty, so the server
 * applies the default or reports the field as required.
 * @example toJson(f.integer(), '4') // 4
 * @example toJson(f.list(f.text()), 'a, b,') // ['a', 'b']
 */
export function toJson(field: Field, raw: FormValue): unknown {
  if (typeof raw === 'boolean') return raw;
  if (raw.trim() === '') return undefined;
  switch (field.type) {
    case 'integer':
    case 'number': {
      const n = Number(raw);
      // Not a number: sent as typed, so the validator names the problem.
      return Number.isFinite(n) ? n : raw;
    }
    case 'datetime': {
      const t = Date.parse(raw);
      return Number.isNaN(t) ? raw : new Date(t).toISOString();
    }
    case 'list':
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map((item) => toJson(field.of, item));
    default:
      return raw;
  }
}

/**
 * The body of a write from the inputs.
 * @example formData(fields, { subject: 'Printer', priority: 'high' }) // { subject: 'Printer', priority: 'high' }
 */
export function formData(fields: Fields, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(values)) {
    const field = fields[name];
    // The server refuses a body naming a file field (read_only): leave it out.
    if (field && isFileField(field)) continue;
    const value = field ? toJson(field, raw) : raw;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Issues shared out to the inputs shown (by the first segment of their path: `tags.2` goes
 * to `tags`); the rest are left for the form's alert.
 * @example issuesByField([{ path: 'subject', message: 'Subject is required.' }], ['subject'])
 * // { byField: { subject: ['Subject is required.'] }, other: [] }
 */
export function issuesByField(
  issues: readonly Issue[],
  shown: readonly string[],
): { byField: Record<string, string[]>; other: Issue[] } {
  const byField: Record<string, string[]> = {};
  const other: Issue[] = [];
  for (const issue of issues) {
    const top = issue.path.split('.')[0] ?? '';
    if (shown.includes(top)) byField[top] = [...(byField[top] ?? []), issue.message];
    else other.push(issue);
  }
  return { byField, other };
}

/**
 * The inputs' values for editing a record: its current values as the inputs hold them.
 * @example recordValues(fields, ['priority', 'tags'], { priority: 'high', tags: ['a', 'b'] }) // { priority: 'high', tags: 'a, b' }
 */
export function recordValues(
  fields: Fields,
  names: readonly string[],
  record: { readonly [name: string]: unknown },
): FormValues {
  return Object.fromEntries(
    names.flatMap((n): [string, FormValue][] => {
      const field = fields[n];
      if (!field || isFileField(field)) return [];
      const v = record[n];
      if (field.type === 'boolean') return [[n, v === true]];
      if (v === null || v === undefined) return [[n, '']];
      if (Array.isArray(v)) return [[n, v.join(', ')]];
      if (field.type === 'datetime') {
        // datetime-local wants local time without a zone.
        const d = new Date(String(v));
        const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
        return [[n, local.toISOString().slice(0, 16)]];
      }
      return [[n, String(v)]];
    }),
  );
}
