/**
 * Cross-record rules under racing writes, per dialect, through real HTTP: requests started
 * together (on PostgreSQL each on its own pooled connection, so they truly run side by side;
 * on SQLite they meet in one group commit) must still book no slot twice, add no claim up
 * past its maximum, lend no book past its quota, and leave no submitted claim empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';
import { tally } from './ticket-fixtures';

describe.each(DIALECTS)('cross-record rules under racing writes on %s', (dialect) => {
  let l: Ledger;
  beforeAll(async () => {
    l = await startLedger(dialect);
  });
  afterAll(() => l?.close());

  /** Each answer as 'ok' or its code. */
  const codes = async (calls: Promise<{ status: number; body: any }>[]) =>
    (await Promise.all(calls)).map((r) => (r.status < 300 ? 'ok' : r.body.code));
  const rows = (table: string, column: string, value: string) =>
    l.nf.db.all<Record<string, unknown>>(l.nf.db.qb.selectFrom(table).selectAll().where(column, '=', value));

  it('20 bookings of one slot at once: one wins, 19 get SLOT_TAKEN', async () => {
    const doctor = await l.create('doctors', { name: 'Dr Race' });
    const slot = { doctor: doctor.id, startsAt: '2030-02-04T10:00:00.000Z' };
    const answers = await codes(
      Array.from({ length: 20 }, (_, i) =>
        l.call('POST', '/api/entities/appointments', { ...slot, patient: `P${i}` }),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 1, SLOT_TAKEN: 19 });
    expect(await rows('appointments', 'doctor', doctor.id)).toHaveLength(1);
  });

  it('20 items of 100,000 added to a claim of 100,000 at once: four pass, the total stays at 500,000', async () => {
    const claim = await l.create('claims', { title: 'Raced' });
    await l.create('claimItems', { claim: claim.id, amount: 100_000 });
    const answers = await codes(
      Array.from({ length: 20 }, () =>
        l.call('POST', '/api/entities/claimItems', { claim: claim.id, amount: 100_000 }),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 4, CLAIM_TOO_LARGE: 16 });
    const items = await rows('claimItems', 'claim', claim.id);
    expect(items.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(500_000);
  });

  it('raising every item of a claim at once: the total never passes the maximum', async () => {
    const claim = await l.create('claims', { title: 'Raised' });
    const items = [];
    for (let i = 0; i < 10; i++)
      items.push(await l.create('claimItems', { claim: claim.id, amount: 40_000 }));
    // Each raise alone fits (400,000 + 60,000); all ten together would make 1,000,000.
    const answers = await codes(
      items.map((it) => l.call('PATCH', `/api/entities/claimItems/${it.id}`, { amount: 100_000 })),
    );
    expect(tally(answers)).toEqual({ ok: 1, CLAIM_TOO_LARGE: 9 });
    const stored = await rows('claimItems', 'claim', claim.id);
    expect(stored.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(460_000);
  });

  it('20 loans of one book at once: three go out, 17 get BOOK_OUT', async () => {
    const book = await l.create('books', { title: 'Raced', isbn: 'race-1' });
    const answers = await codes(
      Array.from({ length: 20 }, () =>
        l.call('POST', '/api/entities/loans', { book: book.id, member: l.clerk.id }),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 3, BOOK_OUT: 17 });
    expect(await rows('loans', 'book', book.id)).toHaveLength(3);
  });

  it("a claim's submit racing the delete of its only item: never a submitted claim without items", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const claim = await l.create('claims', { title: `Round ${round}` });
      const item = await l.create('claimItems', { claim: claim.id, amount: 1 });
      const [submit, remove] = await codes([
        l.call('POST', `/api/entities/claims/${claim.id}/transitions/submit`, {}),
        l.call('DELETE', `/api/entities/claimItems/${item.id}`),
      ]);
      outcomes.push(`${submit}/${remove}`);
      const [stored] = await rows('claims', 'id', claim.id);
      const left = await rows('claimItems', 'claim', claim.id);
      // Exactly one of the two: submitted with its item, or a draft without it.
      if (submit === 'ok')
        expect([remove, stored?.status, left.length]).toEqual(['CLAIM_LOCKED', 'submitted', 1]);
      else expect([submit, remove, stored?.status, left.length]).toEqual(['CLAIM_EMPTY', 'ok', 'draft', 0]);
    }
    expect(outcomes.every((o) => o === 'ok/CLAIM_LOCKED' || o === 'CLAIM_EMPTY/ok')).toBe(true);
  });
});
