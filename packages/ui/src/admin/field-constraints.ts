/**
 * A field's rules in words, for the schema tab and form hints: length and range, required
 * or optional, default, uniqueness, who sets it, what a reference must point at.
 */
import {
  DEFAULT_MAX_PIXELS,
  type ExprNode,
  type Field,
  humanize,
  isFileField,
  ruleToText,
} from '@ninefold/spec';
import { fileLimits } from '../files/file-limits';
import { fileLimitsHint } from '../files/file-limits-hint';

type AnyField = Field & {
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: string;
  readonly values?: readonly string[];
};

/**
 * A range in words, with the unit: `5–120 characters`, `at most 5 items`, `1–5`.
 * @example rangeText(1, 5) // '1–5'
 * @example rangeText(undefined, 500, 'characters') // 'at most 500 characters'
 */
export function rangeText(min: number | undefined, max: number | undefined, unit = ''): string {
  const u = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${u}` : `${min}–${max}${u}`;
  if (min !== undefined) return `at least ${min}${u}`;
  if (max !== undefined) return `at most ${max}${u}`;
  return '';
}

/**
 * An expression (a default, a computed value) in words.
 * @example exprText({ kind: 'caller', prop: 'id' }) // 'the caller'
 */
export function exprText(expr: ExprNode): string {
  const e = expr as { kind: string; prop?: string; value?: unknown };
  if (e.kind === 'caller') return e.prop === 'id' ? 'the caller' : `the caller's ${e.prop}`;
  if (e.kind === 'now') return 'now';
  if (e.kind === 'literal') return JSON.stringify(e.value);
  // The spec words expressions only inside rules: read one as "x is <expression>".
  const words = ruleToText({
    kind: 'compare',
    op: 'eq',
    left: { kind: 'field', name: 'x' } as ExprNode,
    right: expr,
  });
  return words.startsWith('x is ') ? words.slice('x is '.length) : words;
}

function lengthText(field: AnyField): string {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
      return rangeText(field.min, field.max, 'characters');
    case 'integer':
    case 'number':
      return rangeText(field.min, field.max);
    case 'file':
    case 'files':
      return fileLimitsHint(fileLimits(field), false);
    case 'list': {
      const items = rangeText(field.min, field.max, 'items');
      const each = constraintText(field.of as Field);
      return [items, each ? `each ${each}` : ''].filter(Boolean).join(', ');
    }
    default:
      return '';
  }
}

/**
 * The short rule of a value, as a form hint: its length or range and pattern.
 * @example constraintText(f.text({ min: 2, max: 60 })) // '2–60 characters'
 */
export function constraintText(field: Field): string {
  const f = field as AnyField;
  return [lengthText(f), f.pattern ? `matching /${f.pattern}/` : ''].filter(Boolean).join(', ');
}

/**
 * Every rule of a field in words, one fact each, for the schema tab.
 * @example fieldFacts(f.text({ min: 2, max: 60, unique: true })) // ['required', '2–60 characters', 'unique']
 */
export function fieldFacts(field: Field): string[] {
  const f = field as AnyField;
  const facts: string[] = [];
  const serverSet =
    f.readOnly === true || f.computed !== undefined || f.type === 'state' || isFileField(field);
  if (!serverSet) facts.push(f.optional ? 'optional' : 'required');
  const length = constraintText(field);
  if (length) facts.push(length);
  if (isFileField(field)) facts.push(...fileFacts(field));
  if (f.type === 'enum' && f.values) facts.push(`one of ${f.values.map(humanize).join(', ')}`);
  if (f.default !== undefined) {
    const d = f.default as unknown;
    const words =
      typeof d === 'object' && d !== null && !Array.isArray(d) ? exprText(d as ExprNode) : JSON.stringify(d);
    facts.push(`default ${words}`);
  }
  if (f.computed) facts.push(`computed: ${exprText(f.computed as unknown as ExprNode)}`);
  else if (f.type === 'state') facts.push('changed only by transitions');
  else if (f.readOnly) facts.push('set by the server');
  if (f.immutable) facts.push('never changes after create');
  if (f.unique) facts.push('unique');
  if (f.index) facts.push('indexed');
  return facts;
}

function fileFacts(field: Field): string[] {
  const { variants } = fileLimits(field);
  const pixels = (field as { maxPixels?: number }).maxPixels ?? DEFAULT_MAX_PIXELS;
  const sizes = Object.entries(variants).map(
    ([name, v]) => `${name} ${v.width}×${v.height}${v.fit ? ` ${v.fit}` : ''}`,
  );
  return [
    `images at most ${Math.round(pixels / 100_000) / 10} megapixels`,
    ...(sizes.length > 0 ? [`image variants: ${sizes.join(', ')}`] : []),
    'uploaded through its files route, changed as the field is',
  ];
}

/**
 * What a reference field points at, in words; undefined for other fields.
 * @example referenceText(tickets.fields.assignee) // 'users where role is agent (else ASSIGNEE_NOT_AGENT); on delete: set to empty'
 */
export function referenceText(field: Field): string | undefined {
  if (field.type !== 'ref') return undefined;
  const parts = [field.entity];
  if (field.where)
    parts[0] += ` where ${ruleToText(field.where)}${field.error ? ` (else ${field.error})` : ''}`;
  if (field.onDelete) {
    const words = { restrict: 'refused while referenced', cascade: 'deleted too', setNull: 'set to empty' };
    parts.push(`on delete: ${words[field.onDelete]}`);
  }
  return parts.join('; ');
}
