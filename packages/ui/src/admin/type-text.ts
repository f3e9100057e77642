/**
 * A field's type in words, as the schema tab shows it.
 */
import type { Field } from '@ninefold/spec';

const WORDS: Record<Field['type'], string> = {
  text: 'text',
  longText: 'long text',
  email: 'email',
  url: 'web address',
  integer: 'whole number',
  number: 'number',
  boolean: 'yes/no',
  enum: 'choice',
  datetime: 'date and time',
  date: 'date',
  ref: 'reference',
  list: 'list',
  object: 'object',
  map: 'map',
  state: 'state',
  file: 'file',
  files: 'files',
};

/**
 * @example typeText(f.ref('users')) // 'reference to users'
 * @example typeText(f.list(f.text())) // 'list of text'
 * @example typeText(f.integer({ choices: [15, 30] })) // 'one of 15, 30'
 */
export function typeText(field: Field): string {
  if (field.type === 'ref') return `reference to ${field.entity}`;
  if (field.type === 'list') return `list of ${typeText(field.of)}`;
  if (field.type === 'integer' && field.choices) return `one of ${field.choices.join(', ')}`;
  return WORDS[field.type];
}
