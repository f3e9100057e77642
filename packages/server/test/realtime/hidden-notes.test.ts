/**
 * Issue #12, point 4, in the clinic, per dialect: reception never reads a visit's notes, nor
 * an archived visit. A doctor's writes to one visit, one after another, while both watch it:
 * a write to the notes alone reaches reception neither as an event nor in its history;
 * archiving (a field reception may not read either) takes the visit out of reception's
 * view — `removed` — and bringing it back puts it in again — `created` — since a change of
 * what they may read is theirs to know, though not the hidden field that caused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type Clinic, startClinic } from '../workflows/clinic-app';
import { TestSocket } from './test-socket';

type Row = Record<string, unknown>;
type Heard = 'created' | 'updated' | 'removed' | null;

/** The doctor's writes to the visit, in order, and what each reader hears of them. */
const STEPS: readonly { what: string; patch: Row; doctor: Heard; reception: Heard }[] = [
  { what: 'writes the notes', patch: { notes: 'Sprained wrist.' }, doctor: 'updated', reception: null },
  { what: 'rewrites them', patch: { notes: 'Sprained wrist, X-ray.' }, doctor: 'updated', reception: null },
  { what: 'moves the slot', patch: { slot: 'Tue 10:00' }, doctor: 'updated', reception: 'updated' },
  {
    what: 'moves it and writes notes',
    patch: { slot: 'Tue 11:00', notes: 'X-ray clear.' },
    doctor: 'updated',
    reception: 'updated',
  },
  { what: 'archives the visit', patch: { archived: true }, doctor: 'updated', reception: 'removed' },
  { what: 'writes notes on it archived', patch: { notes: 'Closed.' }, doctor: 'updated', reception: null },
  { what: 'brings it back', patch: { archived: false }, doctor: 'updated', reception: 'created' },
];

/** The entries reception's history must hold at the end: the create and the slot moves. */
const RECEPTION_HISTORY = [
  { operation: 'create', fields: ['createdAt', 'id', 'patient', 'slot'] },
  { operation: 'update', fields: ['slot'] },
  { operation: 'update', fields: ['slot'] },
];

describe.each(DIALECTS)('notes hidden from reception, through realtime and history, on %s', (dialect) => {
  let c: Clinic;
  let visit: string;
  const sockets = new Map<'doctor' | 'reception', TestSocket>();
  const get = (url: string, user: TestUser) =>
    c.nf.server.inject({ method: 'GET', url, headers: user.headers });

  beforeAll(async () => {
    c = await startClinic(dialect);
    const res = await c.nf.server.inject({
      method: 'POST',
      url: '/api/entities/visits',
      headers: c.doctor.headers,
      payload: { patient: 'Pat', slot: 'Mon 9:00' },
    });
    visit = String(res.json().id);
    for (const who of ['doctor', 'reception'] as const) {
      const socket = await TestSocket.open(c.port, c[who].headers);
      await socket.subscribe('visits', 'visits');
      await socket.subscribe('one', 'visits', {}, visit);
      sockets.set(who, socket);
    }
    await c.settle();
  });
  afterAll(async () => {
    await Promise.all([...sockets.values()].map((s) => s.close()));
    await c?.close();
  });

  it.each(STEPS.map((s, step) => ({ ...s, step })))(
    'step $step: the doctor $what; the doctor hears $doctor, reception $reception',
    async ({ patch, doctor, reception }) => {
      const res = await c.nf.server.inject({
        method: 'PATCH',
        url: `/api/entities/visits/${visit}`,
        headers: c.doctor.headers,
        payload: patch,
      });
      expect(res.statusCode, res.body).toBe(200);
      await c.settle();
      for (const [who, want] of [
        ['doctor', doctor],
        ['reception', reception],
      ] as const) {
        const socket = sockets.get(who)!;
        await socket.barrier();
        const heard = socket.take();
        expect(heard.map((e) => [e.sub, e.event])).toEqual(
          want
            ? [
                ['visits', want],
                ['one', want],
              ]
            : [],
        );
        const now = await get(`/api/entities/visits/${visit}`, c[who]);
        for (const e of heard.filter((x) => x.record)) {
          const { $can: _, ...record } = now.json() as Row;
          expect(e.record, `${who}'s event carries what REST answers`).toEqual(record);
        }
      }
    },
  );

  it('reception reads a history of the create and the slot moves, nothing of notes or archiving', async () => {
    const res = await get(`/api/entities/visits/${visit}/history`, c.reception);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { operation: string; changes: Row }[] }).items;
    expect(items.map((e) => ({ operation: e.operation, fields: Object.keys(e.changes).sort() }))).toEqual(
      RECEPTION_HISTORY,
    );
    expect(res.body).not.toMatch(/notes|archived|X-ray|Sprained|Closed/);
  });

  it('the doctor reads every write in the history; the audit log is closed to both', async () => {
    const res = await get(`/api/entities/visits/${visit}/history`, c.doctor);
    expect(res.json().items).toHaveLength(STEPS.length + 1);
    for (const who of ['doctor', 'reception'] as const)
      expect((await get('/api/audit', c[who])).statusCode).toBe(403);
  });

  it('the auditor, an admin kept from the notes, reads an audit log without the notes-only writes', async () => {
    const res = await get(`/api/audit?recordId=${visit}`, c.auditor);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { operation: string; changes: Row }[] }).items;
    // Newest first: the three writes to the notes alone are left out, the rest lose their notes.
    expect(items.map((e) => Object.keys(e.changes).sort())).toEqual([
      ['archived'],
      ['archived'],
      ['slot'],
      ['slot'],
      ['archived', 'createdAt', 'id', 'patient', 'slot'],
    ]);
    expect(res.body).not.toMatch(/notes|X-ray|Sprained|Closed/);
  });
});
