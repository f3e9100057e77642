/**
 * One scalar value against its field's type and constraints: the normalized value, or the
 * first constraint it fails.
 */
import type { FieldIssueCode } from '../errors/builtin-errors';
import type { DateField, NumberField, ScalarField, StateField, TextField } from '../fields/field';
import { isCalendarDate } from './calendar-date';
import type { MessageParams } from './field-message';
import { normalizeDatetime } from './normalize-datetime';
import { isWebUrl, URL_MAX } from './web-url';

export type ScalarCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: FieldIssueCode; readonly params: MessageParams };

// Any RFC 4122 layout, not only version 7: ids imported or seeded elsewhere stay readable.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ATOM = String.raw`[^\s@"(),:;<>[\]\\.]+`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
// Deliberately simple: a dot-atom local part and a domain with a real top-level name; the
// confirmation mail is the only full check of an address.
const EMAIL = new RegExp(String.raw`^(?=[^@]{1,64}@)${ATOM}(?:\.${ATOM})*@(?:${LABEL}\.)+\p{L}{2,63}$`, 'u');
const EMAIL_MAX = 254;

const patterns = new Map<string, RegExp>();

function fullMatch(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    const source = `^(?:${pattern})$`;
    try {
      re = new RegExp(source, 'u');
    } catch {
      // Patterns valid only without the `u` flag (such as `\-` outside a class) still work.
      re = new RegExp(source);
    }
    patterns.set(pattern, re);
  }
  return re;
}

const pass = (value: unknown): ScalarCheck => ({ ok: true, value });
const fail = (code: FieldIssueCode, params: MessageParams = {}): ScalarCheck => ({ ok: false, code, params });

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function checkText(field: TextField, value: unknown): ScalarCheck {
  if (typeof value !== 'string') return fail('type', { type: field.type });
  const text =
    field.type === 'email' ? value.trim().toLowerCase() : field.type === 'url' ? value.trim() : value;
  const length = codePoints(text);
  const max = field.max ?? (field.type === 'url' ? URL_MAX : undefined);
  if (field.min !== undefined && length < field.min) return fail('too_short', { min: field.min });
  if (max !== undefined && length > max) return fail('too_long', { max });
  if (field.type === 'email' && (length > EMAIL_MAX || !EMAIL.test(text))) return fail('email');
  if (field.type === 'url' && !isWebUrl(text)) return fail('type', { type: 'url' });
  if (field.pattern !== undefined && !fullMatch(field.pattern).test(text)) return fail('pattern');
  return pass(text);
}

function checkNumber(field: NumberField, value: unknown): ScalarCheck {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('type', { type: field.type });
  const integer = field.type === 'integer';
  if (integer && !Number.isInteger(value)) return fail('not_integer');
  // Past the safe range an integer no longer survives the trip through JSON unchanged.
  const min = field.min ?? (integer ? Number.MIN_SAFE_INTEGER : undefined);
  const max = field.max ?? (integer ? Number.MAX_SAFE_INTEGER : undefined);
  if (min !== undefined && value < min) return fail('too_small', { min });
  if (max !== undefined && value > max) return fail('too_big', { max });
  if (integer && field.choices && !field.choices.includes(value))
    return fail('enum', { values: field.choices });
  return pass(value === 0 ? 0 : value);
}

// Dates in `YYYY-MM-DD` sort as text, so the bounds compare as strings.
function checkDate(field: DateField, value: unknown): ScalarCheck {
  if (typeof value !== 'string' || !isCalendarDate(value)) return fail('type', { type: 'date' });
  if (field.min !== undefined && value < field.min) return fail('too_small', { min: field.min });
  if (field.max !== undefined && value > field.max) return fail('too_big', { max: field.max });
  return pass(value);
}

/**
 * Checks and normalizes a scalar value (never null: the caller decides about absence).
 * Emails come back trimmed and lower-cased, URLs trimmed, instants as `toISOString()`, ids
 * lower-cased; dates and everything else as given.
 * @example checkScalar(f.text({ min: 5 }), 'abc') // { ok: false, code: 'too_short', params: { min: 5 } }
 * @example checkScalar(f.email(), ' Ann@Example.COM ') // { ok: true, value: 'ann@example.com' }
 */
export function checkScalar(field: ScalarField | StateField, value: unknown): ScalarCheck {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return checkText(field, value);
    case 'integer':
    case 'number':
      return checkNumber(field, value);
    case 'boolean':
      return typeof value === 'boolean' ? pass(value) : fail('type', { type: 'boolean' });
    case 'enum':
    case 'state':
      return typeof value === 'string' && field.values.includes(value)
        ? pass(value)
        : fail('enum', { values: field.values });
    case 'datetime': {
      const iso = typeof value === 'string' ? normalizeDatetime(value) : undefined;
      return iso === undefined ? fail('type', { type: 'datetime' }) : pass(iso);
    }
    case 'date':
      return checkDate(field, value);
    case 'ref':
      if (typeof value !== 'string') return fail('type', { type: 'ref' });
      return UUID.test(value) ? pass(value.toLowerCase()) : fail('reference');
    default:
      // A field type this version does not know (say, from a newer server's /api/meta).
      return fail('type', { type: (field as { type: ScalarField['type'] }).type });
  }
}
