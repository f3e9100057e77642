/**
 * Field definitions, wherever they appear (entity columns, transition inputs, action inputs
 * and outputs): sound bounds and patterns, defaults of the right type, references to
 * declared entities, and objects and maps only where the API allows them.
 */
import {
  type DateField,
  type Field,
  type Fields,
  isFileField,
  type ListField,
  type MapField,
  type NumberField,
  type ObjectField,
  type ScalarField,
} from '../fields/field';
import { isExpr } from '../rules/expr';
import { isCalendarDate } from '../validate/calendar-date';
import { checkScalar } from '../validate/check-scalar';
import { fieldMessage } from '../validate/field-message';
import type { CheckContext } from './check-context';
import { checkErrorRef } from './check-errors';
import { checkFileField } from './check-files';
import { checkExpr, checkRule } from './check-rule';
import { which } from './describe-names';
import { valueProblem } from './value-problem';
import { type RuleScope, recordScope } from './walk-rule';

export interface FieldPlace {
  /** Objects and maps have no column or form control: only actions may use them. */
  readonly allowNested: boolean;
  /** What defaults and computed values are evaluated against. */
  readonly scope: RuleScope;
  /** File fields live only among an entity's own fields (uploads fill a record's field). */
  readonly files?: boolean;
}

const SCALAR_TYPES = [
  'text',
  'longText',
  'email',
  'url',
  'integer',
  'number',
  'boolean',
  'enum',
  'datetime',
  'date',
  'ref',
];

/**
 * Checks a set of fields, one by one.
 * @example checkFields(ctx, entity.fields, 'entities.tickets.fields', { allowNested: false, scope: recordScope('tickets') })
 */
export function checkFields(ctx: CheckContext, fields: Fields, path: string, place: FieldPlace): void {
  for (const [name, field] of Object.entries(fields)) checkField(ctx, name, field, `${path}.${name}`, place);
}

function checkField(ctx: CheckContext, name: string, field: Field, path: string, place: FieldPlace): void {
  if (isFileField(field)) {
    checkFileField(ctx, name, field, path, place.files === true);
    return;
  }
  if (field.type === 'object' || field.type === 'map') checkNested(ctx, name, field, path, place);
  if (field.type === 'list') checkList(ctx, name, field, path, place);
  if (field.type === 'enum' || field.type === 'state') checkValues(ctx, name, field.values, `${path}.values`);
  if (field.type === 'ref') checkRef(ctx, name, field, path);
  if (field.type === 'integer' && field.choices) checkChoices(ctx, name, field, path);
  if (field.type === 'date') checkDateBounds(ctx, name, field, path);
  else checkBounds(ctx, name, field, path);
  if (field.default !== undefined) checkDefault(ctx, name, field, `${path}.default`, place.scope);
  if (field.computed) checkExpr(ctx, field.computed, place.scope, `${path}.computed`);
}

function checkNested(
  ctx: CheckContext,
  name: string,
  field: ObjectField | MapField,
  path: string,
  place: FieldPlace,
): void {
  if (!place.allowNested) {
    const kind = field.type === 'object' ? 'an object' : 'a map';
    ctx.report(path, `'${name}' is ${kind} field, which only an action's input or output may have`);
  } else if (field.type === 'object') {
    checkFields(ctx, field.fields, `${path}.fields`, place);
  } else {
    checkField(ctx, `${name} value`, field.of, `${path}.of`, place);
  }
}

function checkList(ctx: CheckContext, name: string, field: ListField, path: string, place: FieldPlace): void {
  if (field.max !== undefined && field.max < 0) {
    ctx.report(`${path}.max`, `'${name}' has a negative max of ${field.max} items`);
  }
  if (SCALAR_TYPES.includes(field.of.type)) {
    checkField(ctx, `${name} item`, field.of, `${path}.of`, place);
  } else {
    ctx.report(
      `${path}.of`,
      `'${name}' is a list of ${field.of.type} fields, but a list holds only plain values`,
    );
  }
}

function checkValues(ctx: CheckContext, name: string, values: readonly string[], path: string): void {
  if (values.length === 0) ctx.report(path, `'${name}' has no values to choose from`);
  const repeated = values.filter((v, i) => values.indexOf(v) !== i);
  if (repeated.length) {
    ctx.report(path, `'${name}' lists ${repeated.map((v) => `'${v}'`).join(', ')} more than once`);
  }
}

function checkRef(
  ctx: CheckContext,
  name: string,
  field: Extract<Field, { type: 'ref' }>,
  path: string,
): void {
  const entities = Object.keys(ctx.app.entities);
  const known = entities.includes(field.entity);
  if (!known) {
    ctx.report(
      `${path}.entity`,
      `'${name}' refers to ${which(field.entity, 'an entity of the app', entities, 'entities')}`,
    );
  }
  if (field.where) {
    checkRule(ctx, field.where, known ? recordScope(field.entity) : { kind: 'unresolved' }, `${path}.where`);
  }
  if (field.error) checkErrorRef(ctx, field.error, `${path}.error`);
  if (field.onDelete === 'setNull' && !field.optional) {
    ctx.report(
      `${path}.onDelete`,
      `'${name}' is set to null when its ${field.entity} record is deleted, but it is not optional`,
    );
  }
}

function checkBounds(ctx: CheckContext, name: string, field: Field, path: string): void {
  if (!('min' in field || 'max' in field || 'pattern' in field)) return;
  const { min, max } = field as { min?: number; max?: number };
  const isText = ['text', 'longText', 'email', 'url'].includes(field.type);
  if (min !== undefined && max !== undefined && min > max) {
    ctx.report(`${path}.min`, `'${name}' has min ${min} above its max ${max}, so no value can pass`);
  }
  if (isText && min !== undefined && min < 0) {
    ctx.report(`${path}.min`, `'${name}' has a negative min length of ${min}`);
  }
  if (isText && max !== undefined && max < 0) {
    ctx.report(`${path}.max`, `'${name}' has a negative max length of ${max}`);
  }
  const { pattern } = field as { pattern?: string };
  if (pattern === undefined) return;
  const problem = patternProblem(pattern);
  if (problem) {
    ctx.report(`${path}.pattern`, `the pattern of '${name}' is not a valid regular expression: ${problem}`);
  }
}

// The validator compiles a pattern in Unicode mode and falls back to the legacy mode, so a
// pattern is wrong only when neither accepts it.
function patternProblem(pattern: string): string | undefined {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return undefined;
    } catch (e) {
      if (flags === '') return (e as Error).message;
    }
  }
  return undefined;
}

function checkChoices(ctx: CheckContext, name: string, field: NumberField, path: string): void {
  const choices = field.choices ?? [];
  const at = `${path}.choices`;
  if (choices.length === 0) ctx.report(at, `'${name}' has no choices to choose from`);
  const odd = choices.filter((c) => !Number.isSafeInteger(c));
  if (odd.length)
    ctx.report(
      at,
      `'${name}' offers ${odd.join(', ')}, ${odd.length === 1 ? 'which is not a whole number' : 'which are not whole numbers'}`,
    );
  const repeated = choices.filter((c, i) => choices.indexOf(c) !== i);
  if (repeated.length) ctx.report(at, `'${name}' lists ${repeated.join(', ')} more than once`);
  const outside = choices.filter(
    (c) => (field.min !== undefined && c < field.min) || (field.max !== undefined && c > field.max),
  );
  if (outside.length) {
    ctx.report(
      at,
      `'${name}' offers ${outside.join(', ')} outside its min and max, so no write can choose it`,
    );
  }
}

function checkDateBounds(ctx: CheckContext, name: string, field: DateField, path: string): void {
  for (const bound of ['min', 'max'] as const) {
    const day = field[bound] as unknown;
    if (day !== undefined && (typeof day !== 'string' || !isCalendarDate(day))) {
      ctx.report(`${path}.${bound}`, `the ${bound} of '${name}' is not a date such as 2025-01-31`);
    }
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
    ctx.report(
      `${path}.min`,
      `'${name}' has min ${field.min} after its max ${field.max}, so no date can pass`,
    );
  }
}

// The types whose literal values only the validator knows in full (a real date, a web
// address, one of the choices): a default must pass it, as every write does.
function validatorProblem(field: Field, value: unknown): string | undefined {
  const strict = field.type === 'date' || field.type === 'url' || (field.type === 'integer' && field.choices);
  if (!strict || value === null) return undefined;
  const result = checkScalar(field as ScalarField, value);
  return result.ok
    ? undefined
    : `is ${JSON.stringify(value)}: ${fieldMessage(result.code, 'it', result.params)}`;
}

function checkDefault(ctx: CheckContext, name: string, field: Field, path: string, scope: RuleScope): void {
  if (isExpr(field.default)) {
    checkExpr(ctx, field.default, scope, path);
    return;
  }
  const problem = valueProblem(field, field.default) ?? validatorProblem(field, field.default);
  if (problem) ctx.report(path, `the default of '${name}' ${problem}`);
}
