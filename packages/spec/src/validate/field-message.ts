/**
 * The plain-English message of a field issue, the same in the browser form and in the
 * server's `VALIDATION_FAILED` answer.
 */
import { humanize } from '../app/entity';
import type { FieldIssueCode } from '../errors/builtin-errors';
import type { FieldType } from '../fields/field';

/** What a message may mention besides the field's name. */
export interface MessageParams {
  /** A length or a number, or for a date field a date (`2026-01-01`). */
  readonly min?: number | string;
  readonly max?: number | string;
  /** The allowed values: an enum's words or an integer's choices. */
  readonly values?: readonly (string | number)[];
  /** For `type`: the type the value should have had. */
  readonly type?: FieldType;
}

const EXPECTED: { readonly [T in FieldType]: string } = {
  text: 'text',
  longText: 'text',
  email: 'text',
  url: 'a web address starting with http:// or https://, such as https://example.com',
  integer: 'a number',
  number: 'a number',
  boolean: 'true or false',
  enum: 'text',
  state: 'text',
  datetime: 'a date and time with a time zone, such as 2025-01-31T09:30:00Z',
  date: 'a date that exists, such as 2025-01-31',
  ref: 'the id of a record',
  list: 'a list',
  object: 'an object',
  map: 'an object',
  file: 'a file',
  files: 'a list of files',
};

function count(n: number | string | undefined, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The name a message gives a field: its label, else its humanized name.
 * @example fieldLabel('dueAt', { label: 'Due' }) // 'Due'
 * @example fieldLabel('resolvedAt') // 'Resolved at'
 */
export function fieldLabel(name: string, field?: { readonly label?: string }): string {
  return field?.label ?? humanize(name);
}

/**
 * The message of an issue on the field named `label`.
 * @example fieldMessage('too_short', 'Subject', { min: 5 }) // 'Subject must be at least 5 characters.'
 * @example fieldMessage('unknown_field', 'foo') // "Unknown field 'foo'."
 */
export function fieldMessage(code: FieldIssueCode, label: string, params: MessageParams = {}): string {
  switch (code) {
    case 'required':
      return `${label} is required.`;
    case 'type':
      return `${label} must be ${EXPECTED[params.type ?? 'object']}.`;
    case 'too_short':
      return `${label} must be at least ${count(params.min, 'character')}.`;
    case 'too_long':
      return `${label} must be at most ${count(params.max, 'character')}.`;
    case 'too_small':
      // Only a date field's bounds are text.
      return typeof params.min === 'string'
        ? `${label} must be on or after ${params.min}.`
        : `${label} must be at least ${params.min}.`;
    case 'too_big':
      return typeof params.max === 'string'
        ? `${label} must be on or before ${params.max}.`
        : `${label} must be at most ${params.max}.`;
    case 'pattern':
      return `${label} is not in the expected format.`;
    case 'email':
      return `${label} must be a valid email address.`;
    case 'enum':
      return `${label} must be one of ${(params.values ?? []).join(', ')}.`;
    case 'not_integer':
      return `${label} must be a whole number.`;
    case 'too_many':
      return `${label} can have at most ${count(params.max, 'item')}.`;
    case 'unknown_field':
      return `Unknown field '${label}'.`;
    case 'read_only':
      return `${label} cannot be written.`;
    case 'immutable':
      return `${label} cannot be changed once set.`;
    case 'unique':
      return `${label} is already taken.`;
    case 'reference':
      return `${label} must be the id of a record.`;
    case 'rule':
      return `${label} breaks a rule of this record.`;
    case 'file_type':
      return `${label} does not accept this type of file${params.values ? ` (it takes ${params.values.join(', ')})` : ''}.`;
    case 'too_many_pixels':
      return `${label} takes images of at most ${params.max} pixels.`;
  }
}
