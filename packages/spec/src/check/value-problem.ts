/**
 * Whether a literal fits a field's type: for defaults, transition assignments, filters and
 * the values rules compare a field with.
 */
import { type Field, isFileField } from '../fields/field';

/**
 * What is wrong with `value` as a value of `field`, as the end of a sentence, or undefined.
 * @example valueProblem(f.enum(['low', 'high']), 'medium') // "is 'medium', which is not one of low, high"
 */
export function valueProblem(field: Field, value: unknown): string | undefined {
  // A file field is null (or empty) until an upload fills it, and takes no value from a spec.
  if (isFileField(field))
    return value === null ? undefined : `is ${show(value)}, but only uploads fill a ${field.type} field`;
  if (value === null) return field.optional ? undefined : 'is null, but the field is not optional';
  const is = `is ${show(value)}, which is not`;
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'ref':
      return typeof value === 'string' ? undefined : `${is} text`;
    case 'integer':
      return Number.isInteger(value) ? undefined : `${is} a whole number`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${is} a number`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${is} true or false`;
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : `${is} a timestamp`;
    case 'enum':
    case 'state':
      return (field.values as readonly unknown[]).includes(value)
        ? undefined
        : `${is} one of ${field.values.join(', ')}`;
    case 'list':
      return Array.isArray(value) ? itemProblem(field.of, value) : `${is} a list`;
    case 'object':
    case 'map':
      return typeof value === 'object' && !Array.isArray(value) ? undefined : `${is} an object`;
  }
}

function itemProblem(of: Field, items: readonly unknown[]): string | undefined {
  for (const [i, item] of items.entries()) {
    const problem = item === null ? 'is null' : valueProblem(of, item);
    if (problem) return `has an item ${i} that ${problem}`;
  }
  return undefined;
}

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
