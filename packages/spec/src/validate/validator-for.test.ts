import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { FieldIssue, ValidationResult } from './field-issue';
import { type ValidatedEntity, validatorFor } from './validator-for';

const ID = '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d';
const tickets = validatorFor(app.entities.tickets!);
const comments = validatorFor(app.entities.comments!);
const ticket = { subject: 'Printer on fire', description: 'It is on fire.' };

function issuesOf(result: ValidationResult): Pick<FieldIssue, 'path' | 'code'>[] {
  return result.ok ? [] : result.issues.map(({ path, code }) => ({ path, code }));
}

describe('validatorFor(helpdesk tickets)', () => {
  it('reports the bad subject, the bad priority and the unknown field of a create in one call', () => {
    const result = tickets.create({ subject: 'abc', description: 'x', priority: 'extreme', foo: 1 });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'subject', code: 'too_short', message: 'Subject must be at least 5 characters.' },
        { path: 'priority', code: 'enum', message: 'Priority must be one of low, normal, high, urgent.' },
        { path: 'foo', code: 'unknown_field', message: "Unknown field 'foo'." },
      ],
    });
  });

  it('refuses status, requester and version in a create as read-only', () => {
    const result = tickets.create({ ...ticket, status: 'closed', requester: ID, version: 1 });
    expect(issuesOf(result)).toEqual([
      { path: 'requester', code: 'read_only' },
      { path: 'status', code: 'read_only' },
      { path: 'version', code: 'read_only' },
    ]);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toContain('Status cannot be written.');
  });

  it.each([
    'status',
    'requester',
    'resolution',
    'resolvedAt',
    'dueAt',
    'id',
    'createdAt',
    'updatedAt',
    'version',
  ])('refuses %s in an update as read-only', (name) => {
    expect(issuesOf(tickets.update({ [name]: null }))).toEqual([{ path: name, code: 'read_only' }]);
  });

  it('fills literal defaults on create and leaves caller() to the server', () => {
    expect(tickets.create(ticket)).toEqual({
      ok: true,
      value: { ...ticket, priority: 'normal', category: 'other', tags: [] },
    });
  });

  it('limits tags to five of at most 20 characters each', () => {
    const result = tickets.update({ tags: ['a', 'b', 'c', 'd', 'e', 'x'.repeat(21)] });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { path: 'tags', code: 'too_many', message: 'Tags can have at most 5 items.' },
        { path: 'tags.5', code: 'too_long' },
      ],
    });
  });

  it("refuses fields outside the caller's writable ones as read-only", () => {
    const customer = ['subject', 'description', 'priority', 'category', 'tags'];
    expect(tickets.create({ ...ticket, priority: 'high' }, customer).ok).toBe(true);
    expect(issuesOf(tickets.create({ ...ticket, assignee: ID }, customer))).toEqual([
      { path: 'assignee', code: 'read_only' },
    ]);
    expect(issuesOf(tickets.update({ satisfaction: 9, subject: 'New subject' }, ['satisfaction']))).toEqual([
      { path: 'subject', code: 'read_only' },
      { path: 'satisfaction', code: 'too_big' },
    ]);
  });

  it("checks a transition's input", () => {
    expect(issuesOf(tickets.transition('resolve', {}))).toEqual([{ path: 'resolution', code: 'required' }]);
    expect(tickets.transition('resolve', { resolution: 'Replaced the toner.' })).toEqual({
      ok: true,
      value: { resolution: 'Replaced the toner.' },
    });
    expect(tickets.transition('triage', { assignee: ID.toUpperCase() })).toEqual({
      ok: true,
      value: { assignee: ID },
    });
    expect(tickets.transition('close')).toEqual({ ok: true, value: {} });
    expect(issuesOf(tickets.transition('close', { note: 'x' }))).toEqual([
      { path: 'note', code: 'unknown_field' },
    ]);
  });

  it('answers an unknown transition with an issue', () => {
    for (const name of ['explode', 'constructor', '__proto__']) {
      expect(tickets.transition(name, {})).toEqual({
        ok: false,
        issues: [{ path: '', code: 'unknown_field', message: `Unknown transition '${name}'.` }],
      });
    }
    expect(issuesOf(comments.transition('close', {}))).toEqual([{ path: '', code: 'unknown_field' }]);
  });
});

describe('validatorFor(helpdesk comments)', () => {
  it('refuses changing the ticket of a comment', () => {
    expect(comments.create({ ticket: ID, body: 'Thanks!' })).toEqual({
      ok: true,
      value: { ticket: ID, body: 'Thanks!', internal: false },
    });
    expect(issuesOf(comments.update({ ticket: ID, internal: true }))).toEqual([
      { path: 'ticket', code: 'immutable' },
      { path: 'internal', code: 'immutable' },
    ]);
  });
});

describe('validatorFor(the JSON form of an entity)', () => {
  const fromMeta = JSON.parse(JSON.stringify(app.entities.tickets)) as ValidatedEntity;
  const json = validatorFor(fromMeta);

  it('answers exactly as the defined entity does', () => {
    const writes: unknown[] = [
      ticket,
      { subject: 'abc', description: 'x', priority: 'extreme', foo: 1 },
      { ...ticket, requester: ID, dueAt: '2025-01-31T09:30:00Z' },
      { tags: 'x' },
    ];
    for (const data of writes) {
      expect(json.create(data)).toEqual(tickets.create(data));
      expect(json.update(data)).toEqual(tickets.update(data));
    }
    expect(json.transition('resolve', {})).toEqual(tickets.transition('resolve', {}));
  });

  it('names fields by path when labels are off', () => {
    const plain = validatorFor(fromMeta, { labels: false });
    expect(plain.create({ ...ticket, subject: 'abc' })).toMatchObject({
      ok: false,
      issues: [{ path: 'subject', message: 'subject must be at least 5 characters.' }],
    });
  });
});
