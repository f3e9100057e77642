/**
 * An action runs in one transaction: a handler that writes and then throws — a plain Error
 * or a catalogue code through ctx.fail — leaves no record, no change and no audit entry,
 * per dialect, even when another write commits in the same instant.
 */
import { action, defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/core/accounts/accounts';
import type { Caller } from '../../src/core/rules/rule-context';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';
import { auditRows, countRows, rawRow } from './ticket-fixtures';

const notes = entity({
  fields: {
    title: f.text({ min: 1, max: 60 }),
    code: f.text({ max: 20, optional: true, unique: true }),
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: { draft: {}, done: { final: true } },
    transitions: { finish: { from: 'draft', to: 'done', who: { member: true } } },
  },
  access: {
    read: { member: true },
    create: { member: true },
    update: { member: true },
    delete: { member: true },
  },
});
// Deleting a note cascades to its pins, then stops at its links: a write that fails half-way.
const pins = entity({
  fields: { note: f.ref('notes', { onDelete: 'cascade' }) },
  access: { read: { member: true }, create: { member: true } },
});
const links = entity({
  fields: { note: f.ref('notes', { onDelete: 'restrict' }) },
  access: { read: { member: true }, create: { member: true } },
});

const scribble = action({
  who: { member: true },
  input: { noteId: f.ref('notes'), otherId: f.ref('notes'), ending: f.enum(['error', 'fail', 'return']) },
  output: { id: f.text() },
  handler: async ({ input, records, fail }) => {
    const created = await records.create('notes', { title: 'Written by the action' });
    await records.update('notes', input.noteId, { title: 'Changed by the action' });
    await records.transition('notes', input.otherId, 'finish');
    if (input.ending === 'error') throw new Error('boom: a secret detail');
    if (input.ending === 'fail') fail('GAVE_UP', { what: 'notes' });
    return { id: created.id };
  },
});

// A handler may catch a refused write and carry on: the refused write must be undone whole
// (no half of a cascade) and must not poison the writes after it.
const carryOn = action({
  who: { member: true },
  input: { code: f.text(), doomed: f.ref('notes') },
  output: { id: f.text() },
  handler: async ({ input, records }) => {
    await records.create('notes', { title: 'A duplicate', code: input.code }).catch(() => null);
    await records.delete('notes', input.doomed).catch(() => null);
    return { id: (await records.create('notes', { title: 'After the refusal' })).id };
  },
});

const app = defineApp({
  about: { name: 'Atomic', summary: 'Actions that change their minds.', audience: 'Tests.' },
  roles: { member: {} },
  errors: { GAVE_UP: { status: 409, message: 'Gave up on {what}.' } },
  entities: { notes, pins, links },
  actions: { scribble, carryOn },
});

describe.each(DIALECTS)('action atomicity on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let member: Caller;
  let auth: Record<string, string>;
  const note = (title: string) => nf.core.create(member, 'notes', { title });
  const call = (payload: object) =>
    nf.server.inject({ method: 'POST', url: '/api/actions/scribble', headers: auth, payload });
  const snapshot = async (ids: string[]) => ({
    notes: await countRows(nf.db, 'notes'),
    audit: await auditRows(nf.db),
    rows: await Promise.all(ids.map((id) => rawRow(nf.db, 'notes', id))),
  });

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url });
    const email = `member-${dialect}@test.example`;
    const user = await nf.core.create(null, 'users', { email, name: 'Member', role: 'member' }, true);
    member = { id: String(user.id), role: 'member', email };
    await setPassword(nf.db, member.id, 'a-long-enough-password', new Date());
    const login = await nf.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a-long-enough-password' },
    });
    auth = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    await nf.close();
    await tdb.drop();
  });

  it.each([
    { ending: 'error', status: 500, code: 'INTERNAL', detail: 'Something went wrong on our side.' },
    { ending: 'fail', status: 409, code: 'GAVE_UP', detail: 'Gave up on notes.' },
  ])(
    'a handler ending in $ending after three writes leaves no trace',
    async ({ ending, status, code, detail }) => {
      const [a, b] = [await note('Note A'), await note('Note B')];
      const ids = [String(a.id), String(b.id)];
      const before = await snapshot(ids);
      const res = await call({ noteId: a.id, otherId: b.id, ending });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code, detail });
      expect(res.body).not.toContain('boom');
      expect(await snapshot(ids)).toEqual(before);
    },
  );

  it('the same handler returning commits all three writes and one audit entry each, plus the action', async () => {
    const [a, b] = [await note('Note A'), await note('Note B')];
    const before = await snapshot([]);
    const res = await call({ noteId: a.id, otherId: b.id, ending: 'return' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(nf.db, 'notes')).toBe(before.notes + 1);
    expect(await rawRow(nf.db, 'notes', String(a.id))).toMatchObject({ title: 'Changed by the action' });
    expect(await rawRow(nf.db, 'notes', String(b.id))).toMatchObject({ status: 'done' });
    const added = (await auditRows(nf.db)).slice(before.audit.length);
    expect(added.map((e) => [e.operation, e.recordId])).toEqual([
      ['create', res.json().id],
      ['update', a.id],
      ['transition', b.id],
      ['action', expect.any(String)],
    ]);
    expect(added.every((e) => e.actor === member.id)).toBe(true);
  });

  it('regression: a handler that catches refused writes keeps none of them and commits the rest', async () => {
    await nf.core.create(member, 'notes', { title: 'Holds the code', code: 'TAKEN' });
    const doomed = await note('Pinned and linked');
    const pin = await nf.core.create(member, 'pins', { note: doomed.id });
    await nf.core.create(member, 'links', { note: doomed.id });
    const before = await snapshot([]);
    const res = await nf.server.inject({
      method: 'POST',
      url: '/api/actions/carryOn',
      headers: auth,
      payload: { code: 'TAKEN', doomed: doomed.id },
    });
    // Before the fix PostgreSQL answered INTERNAL (its transaction aborted at the duplicate)
    // and SQLite committed the half-done delete: the pin was gone, its note still there.
    expect(res.statusCode, res.body).toBe(200);
    expect(await rawRow(nf.db, 'notes', res.json().id)).toMatchObject({ title: 'After the refusal' });
    expect(await rawRow(nf.db, 'pins', String(pin.id))).toBeDefined();
    expect(await countRows(nf.db, 'notes')).toBe(before.notes + 1);
    const added = (await auditRows(nf.db)).slice(before.audit.length);
    expect(added.map((e) => e.operation)).toEqual(['create', 'action']);
  });

  it('regression: a delete refused by a referring record answers 409 STILL_REFERENCED naming it, and changes nothing', async () => {
    const doomed = await note('Still linked');
    const pin = await nf.core.create(member, 'pins', { note: doomed.id });
    await nf.core.create(member, 'links', { note: doomed.id });
    const before = await snapshot([String(doomed.id)]);
    const res = await nf.server.inject({
      method: 'DELETE',
      url: `/api/entities/notes/${doomed.id}`,
      headers: auth,
    });
    // It answered 422 VALIDATION_FAILED with an issue at path '': nothing the caller sent was invalid.
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'STILL_REFERENCED', params: { entity: 'links' } });
    expect(res.json().errors).toBeUndefined();
    expect(await snapshot([String(doomed.id)])).toEqual(before);
    expect(await rawRow(nf.db, 'pins', String(pin.id))).toBeDefined();
  });

  it('a failing action beside a good write in the same instant undoes only itself', async () => {
    const [a, b] = [await note('Note A'), await note('Note B')];
    const before = await snapshot([String(a.id), String(b.id)]);
    // Started together, so on SQLite both jobs share one group commit.
    const [failed, good] = await Promise.all([
      call({ noteId: a.id, otherId: b.id, ending: 'fail' }),
      note('A neighbour'),
    ]);
    expect(failed.statusCode).toBe(409);
    expect(await countRows(nf.db, 'notes')).toBe(before.notes + 1);
    expect(await rawRow(nf.db, 'notes', String(good.id))).toMatchObject({ title: 'A neighbour' });
    expect(await rawRow(nf.db, 'notes', String(a.id))).toEqual(before.rows[0]);
    expect(await rawRow(nf.db, 'notes', String(b.id))).toEqual(before.rows[1]);
    expect((await auditRows(nf.db)).slice(before.audit.length).map((e) => e.recordId)).toEqual([good.id]);
  });
});
