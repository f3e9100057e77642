/**
 * Regression, per dialect, in the clinic: `/api/audit` left out writes that changed only
 * fields the auditor may not read (a visit's notes), but built `nextCursor` from the last
 * raw row — a hidden entry, whose UUIDv7 id is the time of the notes write; and an empty page
 * with a cursor told that hidden writes lay in the range. Now a page reads on until it holds
 * `limit` shown entries, its cursor is the last shown one's, sealed, and past the scan bound
 * the sealed cursor tells nothing either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SCAN_LIMIT } from '../../src/core/audit/read-audit';
import { uuid7 } from '../../src/core/uuid7';
import { DIALECTS } from '../test-databases';
import { type Clinic, startClinic } from './clinic-app';

type Row = Record<string, any>;

describe.each(DIALECTS)('the audit cursor and hidden entries, on %s', (dialect) => {
  let c: Clinic;
  const as = async (
    user: 'doctor' | 'auditor',
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: Row,
  ) => c.nf.server.inject({ method, url, headers: c[user].headers, ...(payload ? { payload } : {}) });
  const newVisit = async (patient: string) => {
    const res = await as('doctor', 'POST', '/api/entities/visits', { patient, slot: 'Mon 9:00' });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json().id);
  };
  const patch = async (visit: string, payload: Row) =>
    expect((await as('doctor', 'PATCH', `/api/entities/visits/${visit}`, payload)).statusCode).toBe(200);
  /** Every id stored for the visit's log, hidden or not. */
  const storedIds = async (visit: string) =>
    (
      await c.nf.db.all<{ id: string }>(
        c.nf.db.qb.selectFrom('nf_audit').select('id').where('recordId', '=', visit).compile(),
      )
    ).map((r) => r.id);
  /** Whatever a cursor could be read as: no stored id may show through. */
  const readable = (cursor: string) => Buffer.from(cursor, 'base64url').toString('latin1');

  beforeAll(async () => {
    c = await startClinic(dialect);
  });
  afterAll(async () => c?.close());

  it('a page after a notes-only write holds the shown entry, and no cursor', async () => {
    const visit = await newVisit('Pat');
    await patch(visit, { notes: 'Sprained wrist.' });
    const res = await as('auditor', 'GET', `/api/audit?recordId=${visit}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Row[]; nextCursor: string | null };
    expect(body.items.map((e) => e.operation)).toEqual(['create']);
    expect(body.nextCursor).toBeNull();
  });

  it('pages through shown entries among hidden ones, each once, cursors naming no stored id', async () => {
    const visit = await newVisit('Sam');
    for (const step of [
      { notes: 'a' },
      { slot: 'Tue 9:00' },
      { notes: 'b' },
      { notes: 'c' },
      { slot: 'Wed' },
      { notes: 'd' },
    ])
      await patch(visit, step);
    const ids = await storedIds(visit);
    const seen: Row[] = [];
    let url = `/api/audit?recordId=${visit}&limit=1`;
    for (let page = 0; page < 10; page++) {
      const body = (await as('auditor', 'GET', url)).json() as { items: Row[]; nextCursor: string | null };
      expect(body.items).toHaveLength(1);
      seen.push(...body.items);
      if (!body.nextCursor) break;
      for (const id of ids) expect(readable(body.nextCursor)).not.toContain(id);
      url = `/api/audit?recordId=${visit}&limit=1&cursor=${body.nextCursor}`;
    }
    expect(seen.map((e) => e.operation)).toEqual(['update', 'update', 'create']);
    expect(seen.slice(0, 2).map((e) => e.changes)).toEqual([
      { slot: ['Tue 9:00', 'Wed'] },
      { slot: ['Mon 9:00', 'Tue 9:00'] },
    ]);
  });

  it('past the scan bound the page is short, its cursor sealed, and following it finds the rest', async () => {
    const visit = await newVisit('Lee');
    const start = Date.now() + 1000;
    // The bound read where the fix defines it; 1000 where it did not exist.
    const hidden = Array.from({ length: (AUDIT_SCAN_LIMIT ?? 1000) + 5 }, (_, i) => ({
      id: uuid7(start + i),
      at: new Date(start + i).toISOString(),
      actor: c.doctor.id,
      actorRole: 'doctor',
      entity: 'visits',
      recordId: visit,
      operation: 'update',
      name: null,
      fromState: null,
      toState: null,
      changes: JSON.stringify({ notes: [`n${i}`, `n${i + 1}`] }),
    }));
    for (let i = 0; i < hidden.length; i += 200)
      await c.nf.db.run(
        c.nf.db.qb
          .insertInto('nf_audit')
          .values(hidden.slice(i, i + 200))
          .compile(),
      );
    const ids = await storedIds(visit);
    const first = (await as('auditor', 'GET', `/api/audit?recordId=${visit}&limit=1`)).json();
    expect(first.items).toEqual([]);
    expect(first.nextCursor).toEqual(expect.any(String));
    for (const id of ids) expect(readable(first.nextCursor)).not.toContain(id);
    const cursor = first.nextCursor as string;

    // Not to be carried to another query, nor altered.
    const elsewhere = await as('auditor', 'GET', `/api/audit?limit=1&cursor=${cursor}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('MALFORMED_REQUEST');
    const flipped = Buffer.from(cursor, 'base64url');
    flipped[20] = flipped[20]! ^ 1;
    const altered = await as(
      'auditor',
      'GET',
      `/api/audit?recordId=${visit}&limit=1&cursor=${flipped.toString('base64url')}`,
    );
    expect(altered.statusCode).toBe(400);

    const next = (await as('auditor', 'GET', `/api/audit?recordId=${visit}&limit=1&cursor=${cursor}`)).json();
    expect(next.items.map((e: Row) => e.operation)).toEqual(['create']);
    expect(next.nextCursor).toBeNull();
  });
});
