import app from '@ninefold/example-helpdesk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_ISSUE_CODES } from '../errors/builtin-errors';
import { type Field, type Fields, f, type ScalarField } from '../fields/field';
import type { ValidateMode } from './field-issue';
import { isServerSet } from './is-server-set';
import { validateFields } from './validate-fields';

const NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
const PATTERNS = ['[A-Z]{3}-\\d+', '[a-z]+(?:-[a-z]+)*', '\\d{4}'];

const optionalInt = (min: number, max: number) => fc.option(fc.integer({ min, max }), { nil: undefined });
const bounds = (lo: number, hi: number) =>
  fc
    .tuple(optionalInt(lo, hi), optionalInt(lo, hi))
    .map(([a, b]) =>
      a !== undefined && b !== undefined ? { min: Math.min(a, b), max: Math.max(a, b) } : { min: a, max: b },
    );
// Options with exactOptionalPropertyTypes: an absent bound is left out, never undefined.
function defined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}

function dateBetween(min: string, max: string): fc.Arbitrary<string> {
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  return fc
    .date({ min: at(min), max: at(max), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}
const calendarDate = dateBetween('0001-01-01', '9999-12-31');

const scalarField: fc.Arbitrary<ScalarField> = fc.oneof(
  bounds(0, 30).map((b) => f.text(defined(b))),
  bounds(0, 30).map((b) => f.longText(defined(b))),
  fc.constantFrom(...PATTERNS).map((pattern) => f.text({ pattern })),
  fc.constant(f.email()),
  bounds(-1000, 1000).map((b) => f.integer(defined(b))),
  bounds(-1000, 1000).map((b) => f.number(defined(b))),
  fc.constant(f.boolean()),
  fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 })
    .map((v) => f.enum(v)),
  fc.constant(f.datetime()),
  fc.constant(f.ref('users')),
  fc
    .tuple(fc.option(calendarDate, { nil: undefined }), fc.option(calendarDate, { nil: undefined }))
    .map(([a, b]) => f.date(defined(a && b && a > b ? { min: b, max: a } : { min: a, max: b }))),
  fc.constant(f.url()),
  fc
    .uniqueArray(fc.integer({ min: -100, max: 100 }), { minLength: 1, maxLength: 5 })
    .map((choices) => f.integer({ choices })),
);

const anyField: fc.Arbitrary<Field> = fc.oneof(
  { weight: 4, arbitrary: scalarField },
  {
    weight: 1,
    arbitrary: fc.tuple(scalarField, optionalInt(0, 4)).map(([of, max]) => f.list(of, defined({ max }))),
  },
  { weight: 1, arbitrary: scalarField.map((of) => f.object({ inner: of })) },
  { weight: 1, arbitrary: scalarField.map((of) => f.map(of)) },
);

const withOptional = fc
  .tuple(anyField, fc.boolean())
  .map(([field, optional]) => (optional ? ({ ...field, optional: true } as Field) : field));

const fieldSet: fc.Arbitrary<Fields> = fc
  .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: NAMES.length })
  .chain((names) => fc.tuple(...names.map((name) => withOptional.map((field) => [name, field] as const))))
  .map((entries) => Object.fromEntries(entries));

function offsetForm(date: Date, minutes: number): string {
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const instant = fc
  .tuple(
    fc.date({
      min: new Date('0002-01-01T00:00:00Z'),
      max: new Date('9998-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.integer({ min: -14 * 60, max: 14 * 60 }),
    fc.boolean(),
  )
  .map(([date, offset, utc]) => (utc ? date.toISOString() : offsetForm(date, offset)));

/** A value that meets every constraint of `field`. */
function validValue(field: Field): fc.Arbitrary<unknown> {
  const some = someValue(field);
  return field.optional ? fc.option(some, { nil: null }) : some;
}

function someValue(field: Field): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'file':
    case 'files':
      throw new Error('file fields take no written value');
    case 'text':
    case 'longText':
      if (field.pattern) return fc.stringMatching(new RegExp(`^(?:${field.pattern})$`));
      return fc.string({ unit: 'binary', minLength: field.min ?? 0, maxLength: field.max ?? 40 });
    case 'email':
      return fc.emailAddress().map((e) => e.toUpperCase());
    case 'integer':
      if (field.choices) return fc.constantFrom(...field.choices);
      return fc.integer({ min: field.min ?? -1e9, max: field.max ?? 1e9 });
    case 'number':
      return fc.double({ min: field.min ?? -1e9, max: field.max ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'enum':
    case 'state':
      return fc.constantFrom(...field.values);
    case 'datetime':
      return instant;
    case 'date':
      return dateBetween(field.min ?? '0001-01-01', field.max ?? '9999-12-31');
    case 'url':
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case 'ref':
      return fc.uuid();
    case 'list':
      return fc.array(someValue(field.of), { maxLength: field.max ?? 6 });
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(field.fields as Fields).map(([k, v]) => [k, validValue(v)])),
      );
    case 'map':
      return fc.dictionary(fc.constantFrom('a', 'b', 'c'), someValue(field.of));
  }
}

const mode = fc.constantFrom<ValidateMode>('create', 'update', 'input');
const tickets = app.entities.tickets!;
const entityFields = fc.constantFrom(...['tickets', 'comments', 'users'].map((e) => app.entities[e]!.fields));

/** A write the caller may send in `m`: server-set and (on update) immutable fields left out. */
function validData(fields: Fields, m: ValidateMode) {
  const writable = Object.entries(fields).filter(
    ([, field]) => !isServerSet(field) && !(m === 'update' && field.immutable),
  );
  const needed = writable.filter(
    ([, field]) => m !== 'update' && !field.optional && field.default === undefined,
  );
  return fc.record(Object.fromEntries(writable.map(([k, field]) => [k, validValue(field)])), {
    requiredKeys: needed.map(([k]) => k),
  });
}

const validWrite = fc
  .tuple(fc.oneof(fieldSet, entityFields), mode)
  .chain(([fields, m]) => validData(fields, m).map((data) => ({ fields, data, mode: m })));

const hostileKey = fc.constantFrom(
  ...Object.keys(tickets.fields),
  'foo',
  '__proto__',
  'constructor',
  'id',
  'version',
);
const hostileData = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(hostileKey, fc.jsonValue()),
  fc.anything({
    withNullPrototype: true,
    withBoxedValues: true,
    withMap: true,
    withDate: true,
    withSparseArray: true,
  }),
);
const hostileWrite = fc.record({ fields: fc.oneof(entityFields, fieldSet), data: hostileData, mode });
const ISSUE_CODES: ReadonlySet<string> = new Set(FIELD_ISSUE_CODES);

describe('validateFields, for any fields and data', () => {
  it('accepts any value generated to meet the constraints', () => {
    fc.assert(
      fc.property(validWrite, ({ fields, data, mode: m }) => {
        const result = validateFields(fields, data, { mode: m });
        expect(result.ok ? [] : result.issues).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary data, and answers only known issue codes', () => {
    const fieldsArb = fc.oneof(entityFields, fieldSet);
    fc.assert(
      fc.property(fieldsArb, hostileData, mode, (fields, data, m) => {
        const result = validateFields(fields, data, { mode: m });
        if (result.ok) return;
        expect(result.issues.length).toBeGreaterThan(0);
        for (const issue of result.issues) {
          expect(ISSUE_CODES.has(issue.code)).toBe(true);
          expect(typeof issue.path).toBe('string');
          expect(issue.message).toMatch(/\.$/);
        }
      }),
      { numRuns: 1000 },
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('is idempotent on the normalized value', () => {
    fc.assert(
      fc.property(fc.oneof(validWrite, hostileWrite), ({ fields, data, mode: m }) => {
        const first = validateFields(fields, data, { mode: m });
        if (!first.ok) return;
        expect(validateFields(fields, first.value, { mode: m })).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });

  it('reports every field that was spoiled, in one call', () => {
    const spoiled = validWrite
      .filter(({ data }) => Object.keys(data).length > 0)
      .chain(({ fields, data, mode: m }) =>
        fc.subarray(Object.keys(data), { minLength: 1 }).map((keys) => ({
          fields,
          keys,
          mode: m,
          data: { ...data, ...Object.fromEntries(keys.map((k) => [k, [['spoiled']]])) },
        })),
      );
    fc.assert(
      fc.property(spoiled, ({ fields, keys, data, mode: m }) => {
        const result = validateFields(fields, data, { mode: m });
        const paths = result.ok ? [] : result.issues.map((i) => i.path.split('.')[0]);
        expect(new Set(paths)).toEqual(new Set(keys));
      }),
      { numRuns: 300 },
    );
  });
});
