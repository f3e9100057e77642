/**
 * Issue #12, point 5, per dialect: an action reads as its caller. `records` answers only the
 * fields REST would show the caller, so a handler cannot hand back a field the caller may
 * not read — unless it reads as the system through `elevated`, the one explicit way. And an
 * action's result is checked against its declared output: anything else answers INTERNAL,
 * says nothing of what the handler read, and undoes the handler's writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type Clinic, startClinic } from './clinic-app';
import { auditRows, rawRow } from './ticket-fixtures';

const SECRET = 'Suspected fracture, refer to orthopaedics';

describe.each(DIALECTS)('what an action may read and answer on %s', (dialect) => {
  let c: Clinic;
  let visit: string;
  const call = (name: string, user: TestUser, payload: object = {}) =>
    c.nf.server.inject({ method: 'POST', url: `/api/actions/${name}`, headers: user.headers, payload });
  const as = (who: 'doctor' | 'reception') => c[who];

  beforeAll(async () => {
    c = await startClinic(dialect);
    const doctor = { id: c.doctor.id, role: 'doctor', email: c.doctor.email };
    visit = String(
      (await c.nf.core.create(doctor, 'visits', { patient: 'Pat', slot: 'Mon 9:00', notes: SECRET })).id,
    );
    await c.nf.core.create(doctor, 'visits', { patient: 'Sam', slot: 'Mon 9:30' });
  });
  afterAll(() => c?.close());

  it.each([
    { action: 'visitNotes', who: 'reception', notes: null },
    { action: 'visitNotes', who: 'doctor', notes: SECRET },
    // Reading as the system is the handler's explicit choice, and then it reads everything.
    { action: 'visitNotesAsSystem', who: 'reception', notes: SECRET },
  ] as const)('$action as $who answers notes $notes', async ({ action, who, notes }) => {
    const res = await call(action, as(who), { visitId: visit });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patient: 'Pat', notes });
  });

  it.each([
    { who: 'reception', withNotes: 0 },
    { who: 'doctor', withNotes: 2 },
  ] as const)(
    'records.list gives the $who $withNotes visits with their notes',
    async ({ who, withNotes }) => {
      const res = await call('listedNotes', as(who));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ seen: 2, withNotes });
    },
  );

  it.each([
    { who: 'reception', status: 404, body: { code: 'NOT_FOUND' } },
    { who: 'doctor', status: 200, body: { byNotes: { [SECRET]: 1, null: 1 } } },
  ] as const)('records.countBy over the notes answers the $who $status', async ({ who, status, body }) => {
    const res = await call('notesTally', as(who));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject(body);
    if (status !== 200) expect(res.body).not.toContain(SECRET);
  });

  it.each(['extra', 'wrongType', 'missing'] as const)(
    'a result outside the declared output (%s) answers INTERNAL, tells nothing, and undoes the writes',
    async (ending) => {
      const before = {
        row: await rawRow(c.nf.db, 'visits', visit),
        audit: (await auditRows(c.nf.db)).length,
      };
      const res = await call('moveVisit', c.reception, { visitId: visit, ending });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('output');
      expect(await rawRow(c.nf.db, 'visits', visit)).toEqual(before.row);
      expect((await auditRows(c.nf.db)).length).toBe(before.audit);
      // The server's log says which action and which paths, and still nothing it read.
      const logged = c.errors.filter((l) => String(l.err?.message).includes("action 'moveVisit'"));
      expect(logged.at(-1)?.err.message, JSON.stringify(c.errors.at(-1))).toMatch(
        /declared output: \w+|\(result\)/,
      );
      expect(JSON.stringify(logged)).not.toContain(SECRET);
    },
  );

  it('a result within the declared output is answered, and the write it made stays', async () => {
    const res = await call('moveVisit', c.reception, { visitId: visit, ending: 'declared' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patient: 'Pat' });
    expect(await rawRow(c.nf.db, 'visits', visit)).toMatchObject({ slot: 'Moved by the action' });
  });
});
