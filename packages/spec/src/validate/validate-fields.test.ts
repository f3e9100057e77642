import { describe, expect, it } from 'vitest';
import { FIELD_ISSUE_CODES, type FieldIssueCode } from '../errors/builtin-errors';
import { type Fields, f } from '../fields/field';
import { caller, now } from '../rules/expr';
import type { ValidateOptions, ValidationResult } from './field-issue';
import { validateFields } from './validate-fields';

const ID = '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d';

const fields: Fields = {
  subject: f.text({ min: 5, max: 120, label: 'Subject' }),
  priority: f.enum(['low', 'normal', 'high'], { default: 'normal' }),
  tags: f.list(f.text({ min: 1, max: 20 }), { max: 3, default: [], label: 'Tags' }),
  owner: f.ref('users', { default: caller('id'), readOnly: true }),
  due: f.datetime({ computed: now() }),
  status: { kind: 'field', type: 'state', values: ['new', 'open'], default: 'new', readOnly: true },
  ticket: f.ref('tickets', { immutable: true, optional: true }),
  score: f.integer({ min: 1, max: 5, optional: true }),
  email: f.email({ optional: true }),
  code: f.text({ optional: true, pattern: '[A-Z]{3}' }),
  toString: f.text({ optional: true }),
  scan: f.file({ accept: ['application/pdf'] }),
  photos: f.files({ max: 2 }),
};

const input: Fields = {
  address: f.object({
    city: f.text({ min: 1 }),
    zip: f.text({ optional: true }),
    country: f.text({ default: 'NL' }),
  }),
  counts: f.map(f.integer({ min: 0 }), { optional: true }),
};

const ok = { subject: 'Printer on fire' };
const create: ValidateOptions = { mode: 'create' };
const update: ValidateOptions = { mode: 'update' };
const inputMode: ValidateOptions = { mode: 'input' };

function issuesOf(result: ValidationResult): [string, FieldIssueCode][] {
  return result.ok ? [] : result.issues.map((i) => [i.path, i.code]);
}

type Case = [string, Fields, unknown, ValidateOptions, [string, FieldIssueCode][]];

const refusals: Case[] = [
  ['data that is null', fields, null, create, [['', 'type']]],
  ['data that is an array', fields, [ok], create, [['', 'type']]],
  ['data that is a string', fields, 'subject', update, [['', 'type']]],
  ['data that is a Date', fields, new Date(), create, [['', 'type']]],
  ['a missing required field on create', fields, {}, create, [['subject', 'required']]],
  ['a missing required field on input', fields, {}, inputMode, [['subject', 'required']]],
  ['null for a required field on create', fields, { subject: null }, create, [['subject', 'required']]],
  ['null for a required field on update', fields, { subject: null }, update, [['subject', 'required']]],
  ['null for a field with a default', fields, { ...ok, priority: null }, create, [['priority', 'required']]],
  ['a too short subject', fields, { subject: 'abc' }, create, [['subject', 'too_short']]],
  ['a too long subject', fields, { subject: 'x'.repeat(121) }, update, [['subject', 'too_long']]],
  ['a subject that is a number', fields, { subject: 12345 }, update, [['subject', 'type']]],
  ['an unknown priority', fields, { priority: 'extreme' }, update, [['priority', 'enum']]],
  ['a fractional score', fields, { score: 2.5 }, update, [['score', 'not_integer']]],
  ['a score below min', fields, { score: 0 }, update, [['score', 'too_small']]],
  ['a score above max', fields, { score: 6 }, update, [['score', 'too_big']]],
  ['a bad email', fields, { email: 'ann@' }, update, [['email', 'email']]],
  ['a code off pattern', fields, { code: 'abc' }, update, [['code', 'pattern']]],
  ['tags that are not a list', fields, { tags: 'a,b' }, update, [['tags', 'type']]],
  ['too many tags', fields, { tags: ['a', 'b', 'c', 'd'] }, update, [['tags', 'too_many']]],
  ['a bad tag, by index', fields, { tags: ['a', '', 'b'] }, update, [['tags.1', 'too_short']]],
  ['a null tag', fields, { tags: ['a', null] }, update, [['tags.1', 'required']]],
  ['a ticket that is not an id', fields, { ...ok, ticket: 'T-1' }, create, [['ticket', 'reference']]],
  ['an immutable field on update', fields, { ticket: ID }, update, [['ticket', 'immutable']]],
  ['a read-only field', fields, { ...ok, owner: ID }, create, [['owner', 'read_only']]],
  ['a computed field', fields, { due: '2025-01-31T09:30:00Z' }, update, [['due', 'read_only']]],
  ['a state field', fields, { status: 'open' }, update, [['status', 'read_only']]],
  ['a valid state value all the same', fields, { ...ok, status: 'new' }, create, [['status', 'read_only']]],
  [
    'a file field on create (uploads fill it)',
    fields,
    { ...ok, scan: null },
    create,
    [['scan', 'read_only']],
  ],
  ['a many-files field on update', fields, { photos: [] }, update, [['photos', 'read_only']]],
  [
    'a file given inside an object input',
    { doc: f.object({ scan: f.file() }) },
    { doc: { scan: null } },
    inputMode,
    [['doc.scan', 'read_only']],
  ],
  ['id', fields, { ...ok, id: ID }, create, [['id', 'read_only']]],
  ['createdAt', fields, { createdAt: 'x' }, update, [['createdAt', 'read_only']]],
  ['updatedAt', fields, { updatedAt: 'x' }, update, [['updatedAt', 'read_only']]],
  ['version', fields, { version: 3 }, update, [['version', 'read_only']]],
  ['id in an input, which is no record', fields, { ...ok, id: ID }, inputMode, [['id', 'unknown_field']]],
  ['an unknown field', fields, { ...ok, foo: 1 }, create, [['foo', 'unknown_field']]],
  ['constructor', fields, { ...ok, constructor: 'x' }, create, [['constructor', 'unknown_field']]],
  [
    '__proto__',
    fields,
    JSON.parse('{"subject":"Printer on fire","__proto__":{"x":1}}'),
    create,
    [['__proto__', 'unknown_field']],
  ],
  [
    'a field outside writable',
    fields,
    { ...ok, priority: 'high' },
    { ...create, writable: ['subject'] },
    [['priority', 'read_only']],
  ],
  ['a nested object that is not one', input, { address: 'Main St' }, inputMode, [['address', 'type']]],
  ['a missing nested field', input, { address: {} }, inputMode, [['address.city', 'required']]],
  [
    'an unknown nested field',
    input,
    { address: { city: 'Oslo', x: 1 } },
    inputMode,
    [['address.x', 'unknown_field']],
  ],
  [
    'a map that is not one',
    input,
    { address: { city: 'Oslo' }, counts: [1] },
    inputMode,
    [['counts', 'type']],
  ],
  [
    'a bad map value',
    input,
    { address: { city: 'Oslo' }, counts: { open: -1 } },
    inputMode,
    [['counts.open', 'too_small']],
  ],
  [
    'a __proto__ map key',
    input,
    JSON.parse('{"address":{"city":"Oslo"},"counts":{"__proto__":1}}'),
    inputMode,
    [['counts.__proto__', 'unknown_field']],
  ],
];

const acceptances: [string, Fields, unknown, ValidateOptions, Record<string, unknown>][] = [
  ['a create with literal defaults applied', fields, ok, create, { ...ok, priority: 'normal', tags: [] }],
  ['an input with literal defaults applied', fields, ok, inputMode, { ...ok, priority: 'normal', tags: [] }],
  ['an empty update', fields, {}, update, {}],
  ['a partial update', fields, { priority: 'high' }, update, { priority: 'high' }],
  ['null for an optional field', fields, { score: null }, update, { score: null }],
  [
    'an immutable field on create',
    fields,
    { ...ok, ticket: ID },
    create,
    { ...ok, priority: 'normal', tags: [], ticket: ID },
  ],
  ['undefined as if absent', fields, { ...ok, score: undefined, foo: undefined }, update, ok],
  ['a declared field named toString', fields, { toString: 'x' }, update, { toString: 'x' }],
  [
    'normalized values',
    fields,
    { email: ' Ann@Example.COM ', tags: ['a'] },
    update,
    { email: 'ann@example.com', tags: ['a'] },
  ],
  [
    'a field inside writable',
    fields,
    ok,
    { ...create, writable: ['subject'] },
    { ...ok, priority: 'normal', tags: [] },
  ],
  [
    'a nested object with its defaults',
    input,
    { address: { city: 'Oslo' }, counts: { open: 2 } },
    inputMode,
    { address: { city: 'Oslo', country: 'NL' }, counts: { open: 2 } },
  ],
];

describe('validateFields', () => {
  it.each(refusals)('refuses %s', (_, fieldSet, data, options, expected) => {
    expect(issuesOf(validateFields(fieldSet, data, options))).toEqual(expected);
  });

  it.each(acceptances)('accepts %s', (_, fieldSet, data, options, value) => {
    expect(validateFields(fieldSet, data, options)).toEqual({ ok: true, value });
  });

  it('produces every issue code a validator can know without a database', () => {
    const produced = new Set(refusals.flatMap(([, , , , issues]) => issues.map(([, code]) => code)));
    // `unique` needs the database and `rule` the entity's own rules: the server reports those.
    // `file_type` and `too_many_pixels` judge an upload's content, which no write's body holds.
    const elsewhere: readonly FieldIssueCode[] = ['unique', 'rule', 'file_type', 'too_many_pixels'];
    expect(produced).toEqual(new Set(FIELD_ISSUE_CODES.filter((code) => !elsewhere.includes(code))));
  });

  it('reports every failing field in one call, in declared order, unknown ones last', () => {
    const data = { foo: 1, score: 9, subject: 'abc', tags: ['a', 'x'.repeat(21)], version: 1 };
    expect(issuesOf(validateFields(fields, data, create))).toEqual([
      ['subject', 'too_short'],
      ['tags.1', 'too_long'],
      ['score', 'too_big'],
      ['foo', 'unknown_field'],
      ['version', 'read_only'],
    ]);
  });

  it('writes messages with labels, or with paths when asked', () => {
    const data = { subject: 'abc', tags: ['a', 'b', 'c', ''] };
    const labelled = validateFields(fields, data, update);
    const plain = validateFields(fields, data, { ...update, labels: false });
    expect(labelled.ok ? [] : labelled.issues.map((i) => i.message)).toEqual([
      'Subject must be at least 5 characters.',
      'Tags can have at most 3 items.',
      'Tags item 4 must be at least 1 character.',
    ]);
    expect(plain.ok ? [] : plain.issues.map((i) => i.message)).toEqual([
      'subject must be at least 5 characters.',
      'tags can have at most 3 items.',
      'tags.3 must be at least 1 character.',
    ]);
  });

  it('humanizes the names of fields without a label', () => {
    const result = validateFields(fields, { ...ok, createdAt: 'x', priority: 'x' }, create);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      'Priority must be one of low, normal, high.',
      'Created at cannot be written.',
    ]);
  });

  it('gives each create its own copy of a default', () => {
    const first = validateFields(fields, ok, create);
    const second = validateFields(fields, ok, create);
    expect(first.ok && second.ok && first.value.tags !== second.value.tags).toBe(true);
    expect(first.ok && Object.isFrozen(first.value.tags)).toBe(false);
  });

  it('never touches a prototype, whatever the keys', () => {
    const data = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    validateFields(fields, data, update);
    validateFields(input, { address: { city: 'x' }, counts: data }, inputMode);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('does not mistake an inherited property for a given field', () => {
    const data = Object.create({ subject: 'Printer on fire' }) as object;
    expect(issuesOf(validateFields(fields, data, create))).toEqual([['', 'type']]);
    expect(issuesOf(validateFields({ valueOf: f.text() }, {}, create))).toEqual([['valueOf', 'required']]);
  });

  it('accepts an object without a prototype', () => {
    const data = Object.assign(Object.create(null) as object, ok);
    expect(validateFields(fields, data, update)).toEqual({ ok: true, value: ok });
  });
});
