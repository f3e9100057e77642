/**
 * The clinic's cross-record rules under racing writes, on every dialect: requests sent at once
 * over real HTTP, each from its own signed-in client, and the database read afterwards. A
 * constraint that holds only when writes take turns fails here on PostgreSQL, where they do not.
 */
import { testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClinicTest, MAX_INVOICE_CENTS, openClinic, race } from './clinic-harness';

const MAX = MAX_INVOICE_CENTS;
const RACERS = 10;

describe.each(testDialects())('racing writes on %s', (dialect) => {
  let c: ClinicTest;
  let desks: Awaited<ReturnType<ClinicTest['t']['clientAs']>>[];
  let n = 0;
  beforeAll(async () => {
    c = await openClinic(dialect);
    desks = await Promise.all(Array.from({ length: RACERS }, () => c.t.clientAs('receptionist')));
  });
  afterAll(() => c[Symbol.asyncDispose]());

  const liveAt = async (startsAt: string) => {
    const rows = await c.t.db.all<{ startsAt: unknown; status: string }>(
      c.t.db.qb
        .selectFrom('appointments')
        .select(['startsAt', 'status'])
        .where('doctor', '=', c.doctorId)
        .where('status', '!=', 'cancelled'),
    );
    return rows.filter(
      (r) =>
        Date.parse(String(r.startsAt instanceof Date ? r.startsAt.toISOString() : r.startsAt)) ===
        Date.parse(startsAt),
    );
  };
  const total = async (invoiceId: string) => {
    const rows = await c.t.db.all<{ amountCents: number | string }>(
      c.t.db.qb.selectFrom('invoiceLines').select('amountCents').where('invoice', '=', invoiceId),
    );
    return { count: rows.length, sum: rows.reduce((s, r) => s + Number(r.amountCents), 0) };
  };
  const invoice = () => c.desk.create('invoices', { reference: `RACE-${++n}`, patient: c.patientId });

  it(`books a doctor's slot for exactly one of ${RACERS} racing receptionists`, async () => {
    const startsAt = '2026-04-07T07:00:00.000Z';
    const { ok, codes } = await race(
      desks.map(
        (desk) => () =>
          desk.create('appointments', {
            doctor: c.doctorId,
            patient: c.patientId,
            startsAt,
            durationMinutes: 30,
          }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(codes).toEqual(Array(RACERS - 1).fill('SLOT_TAKEN'));
    expect(await liveAt(startsAt)).toHaveLength(1);
  });

  it(`books a freed slot again for exactly one of ${RACERS} racing receptionists`, async () => {
    const startsAt = '2026-04-07T08:00:00.000Z';
    const first = await c.desk.create('appointments', { doctor: c.doctorId, patient: c.patientId, startsAt });
    await c.desk.transition('appointments', first.id, 'cancel', {});
    const { ok, codes } = await race(
      desks.map(
        (desk) => () =>
          desk.create('appointments', {
            doctor: c.doctorId,
            patient: c.otherPatientId,
            startsAt,
            durationMinutes: 15,
          }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(codes).toEqual(Array(RACERS - 1).fill('SLOT_TAKEN'));
    expect(await liveAt(startsAt)).toHaveLength(1);
  });

  it(`moves exactly one of ${RACERS} appointments onto a free slot when all race for it`, async () => {
    const target = '2026-04-08T12:00:00.000Z';
    const mine = await Promise.all(
      desks.map((_, i) =>
        c.desk.create('appointments', {
          doctor: c.doctorId,
          patient: c.patientId,
          startsAt: new Date(Date.parse('2026-04-08T07:00:00Z') + i * 15 * 60_000).toISOString(),
          durationMinutes: 15,
        }),
      ),
    );
    const { ok, codes } = await race(
      mine.map((a, i) => () => desks[i]!.update('appointments', a.id, { startsAt: target })),
    );
    expect(ok).toHaveLength(1);
    expect(codes).toEqual(Array(RACERS - 1).fill('SLOT_TAKEN'));
    expect(await liveAt(target)).toHaveLength(1);
  });

  it(`keeps an invoice within the maximum when ${RACERS} lines, each within it, race in`, async () => {
    const inv = await invoice();
    const amount = 60_000;
    const { ok, codes } = await race(
      desks.map(
        (desk, i) => () =>
          desk.create('invoiceLines', { invoice: inv.id, description: `Line ${i}`, amountCents: amount }),
      ),
    );
    const fits = Math.floor(MAX / amount);
    expect(RACERS * amount).toBeGreaterThan(MAX);
    expect(ok).toHaveLength(fits);
    expect(codes).toEqual(Array(RACERS - fits).fill('INVOICE_OVER_LIMIT'));
    expect(await total(inv.id)).toEqual({ count: fits, sum: fits * amount });
  });

  it(`keeps an invoice within the maximum when ${RACERS} lines' amounts are raised at once`, async () => {
    const inv = await invoice();
    const lines = [];
    for (let i = 0; i < RACERS; i++) {
      lines.push(
        await c.desk.create('invoiceLines', {
          invoice: inv.id,
          description: `Line ${i}`,
          amountCents: 45_000,
        }),
      );
    }
    // 450,000 now; each raise adds 20,000, so two of them fit.
    const { ok, codes } = await race(
      lines.map((l, i) => () => desks[i]!.update('invoiceLines', l.id, { amountCents: 65_000 })),
    );
    expect(ok).toHaveLength(2);
    expect(codes).toEqual(Array(RACERS - 2).fill('INVOICE_OVER_LIMIT'));
    expect(await total(inv.id)).toEqual({ count: RACERS, sum: MAX - 10_000 });
  });

  it('never sends an invoice whose lines are all deleted while it is sent', async () => {
    // Rounds of one, two and three lines: the send and every line's delete race.
    for (const lineCount of [1, 1, 2, 2, 3, 3]) {
      const inv = await invoice();
      const lines = [];
      for (let i = 0; i < lineCount; i++) {
        lines.push(
          await c.desk.create('invoiceLines', {
            invoice: inv.id,
            description: `Visit ${i}`,
            amountCents: 9_000,
          }),
        );
      }
      const [send, ...deletes] = await Promise.allSettled([
        desks[0]!.transition('invoices', inv.id, 'send', {}),
        ...lines.map((l, i) => desks[i + 1]!.delete('invoiceLines', l.id)),
      ]);
      const status = (await c.desk.get('invoices', inv.id)).status;
      const left = (await total(inv.id)).count;
      const refusedDeletes = deletes.filter((d) => d.status === 'rejected');
      for (const d of refusedDeletes) expect((d.reason as { code?: string }).code).toBe('INVOICE_LOCKED');
      if (send.status === 'fulfilled') {
        // Sent with at least one line; every delete that came after it was refused.
        expect(status).toBe('sent');
        expect(left).toBeGreaterThanOrEqual(1);
        expect(left).toBe(refusedDeletes.length);
      } else {
        // Every line went first: there was nothing to send.
        expect((send.reason as { code?: string }).code).toBe('INVOICE_EMPTY');
        expect([status, left, refusedDeletes.length]).toEqual(['draft', 0, 0]);
      }
    }
  });
});
