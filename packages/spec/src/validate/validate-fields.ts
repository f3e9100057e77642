/**
 * `validateFields()`: a write checked against field nodes, every failing field reported at
 * once. Pure and data-only, so the browser form and the server run the same code.
 */
import type { FieldIssueCode } from '../errors/builtin-errors';
import type { Field, Fields } from '../fields/field';
import { isExpr } from '../rules/expr';
import { checkScalar } from './check-scalar';
import type { FieldIssue, ValidateMode, ValidateOptions, ValidationResult } from './field-issue';
import { fieldLabel, fieldMessage, type MessageParams } from './field-message';
import { isServerSet, isSystemField } from './is-server-set';

// Names that reach Object.prototype when used as keys: never fields, whatever the data says.
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

interface Walk {
  readonly issues: FieldIssue[];
  readonly labels: boolean;
}

type Obj = Record<string, unknown>;

function isPlainObject(value: unknown): value is Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function join(prefix: string, key: string | number): string {
  return prefix === '' ? String(key) : `${prefix}.${key}`;
}

function report(
  walk: Walk,
  path: string,
  code: FieldIssueCode,
  label: string,
  params?: MessageParams,
): undefined {
  const name = walk.labels || path === '' ? label : path;
  walk.issues.push({ path, code, message: fieldMessage(code, name, params) });
  return undefined;
}

function copy<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function walkValue(walk: Walk, field: Field, value: unknown, path: string, label: string): unknown {
  if (value === null || value === undefined) {
    if (value === null && field.optional === true) return null;
    report(walk, path, 'required', label);
    return undefined;
  }
  switch (field.type) {
    case 'list': {
      if (!Array.isArray(value)) return report(walk, path, 'type', label, { type: 'list' });
      if (field.max !== undefined && value.length > field.max)
        report(walk, path, 'too_many', label, { max: field.max });
      return Array.from(value, (item, i) =>
        walkValue(walk, field.of, item, join(path, i), `${label} item ${i + 1}`),
      );
    }
    case 'object':
      return walkObject(walk, field.fields, value, path, label, 'input');
    // Only uploads fill a file field: a value given for one is never taken.
    case 'file':
    case 'files':
      return report(walk, path, 'read_only', label);
    case 'map': {
      if (!isPlainObject(value)) return report(walk, path, 'type', label, { type: 'map' });
      const out: Obj = {};
      for (const [key, item] of Object.entries(value)) {
        if (UNSAFE_KEYS.has(key)) report(walk, join(path, key), 'unknown_field', join(path, key));
        else out[key] = walkValue(walk, field.of, item, join(path, key), `${label} '${key}'`);
      }
      return out;
    }
    default: {
      const result = checkScalar(field, value);
      if (!result.ok) return report(walk, path, result.code, label, result.params);
      return result.value;
    }
  }
}

function refusal(
  key: string,
  field: Field,
  mode: ValidateMode,
  writable: readonly string[] | undefined,
): FieldIssueCode | undefined {
  if (isServerSet(field)) return 'read_only';
  if (mode === 'update' && field.immutable === true) return 'immutable';
  if (writable && !writable.includes(key)) return 'read_only';
  return undefined;
}

function walkObject(
  walk: Walk,
  fields: Fields,
  data: unknown,
  prefix: string,
  label: string,
  mode: ValidateMode,
  writable?: readonly string[],
): Obj | undefined {
  if (!isPlainObject(data)) return report(walk, prefix, 'type', label, { type: 'object' });
  const given = new Map(Object.entries(data).filter(([, v]) => v !== undefined));
  const out: Obj = {};
  // Declared order first, so issues read top to bottom like the form.
  for (const [key, field] of Object.entries(fields)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const path = join(prefix, key);
    const name = fieldLabel(key, field);
    if (given.has(key)) {
      const refused = refusal(key, field, mode, writable);
      if (refused) report(walk, path, refused, name);
      else out[key] = walkValue(walk, field, given.get(key), path, name);
      given.delete(key);
    } else if (mode !== 'update' && !isServerSet(field)) {
      if (field.default !== undefined) {
        // Expression defaults (now(), caller()) need the request: the server applies them.
        if (!isExpr(field.default)) out[key] = copy(field.default);
      } else if (field.optional !== true) report(walk, path, 'required', name);
    }
  }
  const isRecord = prefix === '' && mode !== 'input';
  for (const key of given.keys()) {
    const path = join(prefix, key);
    if (isRecord && isSystemField(key)) report(walk, path, 'read_only', fieldLabel(key));
    else report(walk, path, 'unknown_field', path);
  }
  return out;
}

/**
 * Checks `data` against `fields` and collects every issue; on success answers the
 * normalized value (emails lower-cased, instants in ISO form, literal defaults applied on
 * create and input). At most one issue is reported per path.
 * @example
 * const r = validateFields(app.entities.tickets.fields, { subject: 'abc', foo: 1 }, { mode: 'create' });
 * // r.ok === false; r.issues[0] → { path: 'subject', code: 'too_short',
 * //   message: 'Subject must be at least 5 characters.' }
 */
export function validateFields(fields: Fields, data: unknown, options: ValidateOptions): ValidationResult {
  const walk: Walk = { issues: [], labels: options.labels ?? true };
  const value = walkObject(walk, fields, data, '', 'The data', options.mode, options.writable);
  return walk.issues.length === 0 && value ? { ok: true, value } : { ok: false, issues: walk.issues };
}
