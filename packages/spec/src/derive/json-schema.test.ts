import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { type Field, f } from '../fields/field';
import { caller } from '../rules/expr';
import { entitySchemas, fieldSchema, type JsonSchema, objectSchema } from './json-schema';

describe('fieldSchema', () => {
  const cases: [string, Field, JsonSchema][] = [
    ['text with bounds', f.text({ min: 5, max: 120 }), { type: 'string', minLength: 5, maxLength: 120 }],
    ['anchored pattern', f.text({ pattern: '[a-z]+' }), { type: 'string', pattern: '^(?:[a-z]+)$' }],
    ['email', f.email({ max: 254 }), { type: 'string', format: 'email', maxLength: 254 }],
    ['long text', f.longText({ max: 500 }), { type: 'string', maxLength: 500 }],
    ['integer', f.integer({ min: 1, max: 5 }), { type: 'integer', minimum: 1, maximum: 5 }],
    ['number', f.number({ min: 0 }), { type: 'number', minimum: 0 }],
    ['boolean with default', f.boolean({ default: false }), { type: 'boolean', default: false }],
    ['datetime', f.datetime(), { type: 'string', format: 'date-time' }],
    ['ref', f.ref('teams'), { type: 'string', format: 'uuid', 'x-ref': 'teams' }],
    ['enum', f.enum(['a', 'b']), { type: 'string', enum: ['a', 'b'] }],
    [
      'optional enum admits null',
      f.enum(['a'], { optional: true }),
      { type: ['string', 'null'], enum: ['a', null] },
    ],
    ['optional integer', f.integer({ optional: true }), { type: ['integer', 'null'] }],
    [
      'integer choices',
      f.integer({ choices: [15, 30], default: 15 }),
      { type: 'integer', enum: [15, 30], default: 15 },
    ],
    [
      'optional integer choices admit null',
      f.integer({ choices: [1, 2], optional: true }),
      { type: ['integer', 'null'], enum: [1, 2, null] },
    ],
    ['date', f.date(), { type: 'string', format: 'date' }],
    [
      'date with bounds',
      f.date({ min: '2026-01-01', max: '2026-12-31' }),
      { type: 'string', format: 'date', formatMinimum: '2026-01-01', formatMaximum: '2026-12-31' },
    ],
    [
      'url',
      f.url(),
      { type: 'string', format: 'uri', maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
    ],
    [
      'url with its own max and pattern',
      f.url({ max: 100, pattern: 'https://github\\.com/.*' }),
      {
        type: 'string',
        format: 'uri',
        maxLength: 100,
        pattern: '^(?=[Hh][Tt][Tt][Pp][Ss]?://)(?:https://github\\.com/.*)$',
      },
    ],
    [
      'list',
      f.list(f.text({ max: 20 }), { max: 5 }),
      { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5 },
    ],
    ['map', f.map(f.integer()), { type: 'object', additionalProperties: { type: 'integer' } }],
    [
      'object',
      f.object({ n: f.integer() }),
      { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    ],
    [
      'label and description',
      f.text({ label: 'Name', description: 'Full' }),
      { type: 'string', title: 'Name', description: 'Full' },
    ],
    [
      'expression default is left out',
      f.ref('users', { default: caller('id') }),
      { type: 'string', format: 'uuid', 'x-ref': 'users' },
    ],
    ['read-only', f.datetime({ readOnly: true }), { type: 'string', format: 'date-time', readOnly: true }],
  ];
  it.each(cases)('%s', (_name, field, expected) => {
    expect(fieldSchema(field)).toEqual(expected);
  });

  it('leaves defaults out of patches, where an omitted field keeps its value', () => {
    expect(fieldSchema(f.enum(['a', 'b'], { default: 'a' }), 'patch')).toEqual({
      type: 'string',
      enum: ['a', 'b'],
    });
  });
});

describe('objectSchema', () => {
  const fields = { a: f.text(), b: f.text({ optional: true }), c: f.integer({ default: 1 }) };
  const cases: [string, 'record' | 'input' | 'patch', string[] | undefined, boolean | undefined][] = [
    ['record', 'record', ['a', 'b', 'c'], undefined],
    ['input', 'input', ['a'], false],
    ['patch', 'patch', undefined, false],
  ];
  it.each(cases)('%s: required %j, additionalProperties %s', (_n, mode, required, additional) => {
    const s = objectSchema(fields, mode);
    expect(s.required).toEqual(required);
    expect(s.additionalProperties).toBe(additional);
  });
});

describe('entitySchemas on the helpdesk', () => {
  const tickets = entitySchemas(app.entities.tickets!);
  const props = (s: JsonSchema) => Object.keys(s.properties as object);

  it('a ticket record has the system fields and every field, all required', () => {
    expect(props(tickets.record).slice(0, 4)).toEqual(['id', 'createdAt', 'updatedAt', 'version']);
    expect(props(tickets.record)).toContain('status');
    expect(tickets.record.required).toEqual(props(tickets.record));
  });

  it('a ticket create takes the writable fields and requires subject and description', () => {
    expect(props(tickets.create)).toEqual([
      'subject',
      'description',
      'priority',
      'category',
      'assignee',
      'team',
      'tags',
      'satisfaction',
    ]);
    expect(tickets.create.required).toEqual(['subject', 'description']);
    expect(tickets.create.additionalProperties).toBe(false);
  });

  // Attachments too: uploads fill a file field, never a create's or a patch's body.
  const serverSet = [
    'id',
    'status',
    'requester',
    'dueAt',
    'resolution',
    'resolvedAt',
    'version',
    'attachments',
  ];
  it.each(serverSet)('neither create nor update names the server-set %s', (name) => {
    expect(props(tickets.create)).not.toContain(name);
    expect(props(tickets.update)).not.toContain(name);
  });

  it('an update requires nothing and refuses unknown fields', () => {
    expect(tickets.update.required).toBeUndefined();
    expect(tickets.update.additionalProperties).toBe(false);
  });

  it('an immutable field is created but never updated', () => {
    const comments = entitySchemas(app.entities.comments!);
    expect(props(comments.create)).toEqual(['ticket', 'body', 'internal']);
    expect(props(comments.update)).toEqual(['body']);
  });

  it('a field some role may not read is not required in the record', () => {
    const users = entitySchemas(app.entities.users!);
    expect(users.record.required).not.toContain('disabled');
    expect(users.record.required).toContain('email');
  });
});
