/**
 * Cross-record write rules over real HTTP, per dialect: conditional uniqueness (its own code
 * and the default), validation on delete (a cascade judges the rows it takes too), a guard
 * on a sum of children, and a quota per referenced record. Every refusal answers its
 * catalogue code, names no SQL or index, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';

const SQL_WORDS = /insert|update |constraint|ux_|index|sqlite|duplicate key|violates/i;

describe.each(DIALECTS)('cross-record rules on %s', (dialect) => {
  let l: Ledger;
  beforeAll(async () => {
    l = await startLedger(dialect);
  });
  afterAll(() => l?.close());

  const count = async (entity: string, query = '') =>
    (await l.call('GET', `/api/entities/${entity}?count=true&limit=1${query}`)).body.total as number;
  /** The answer is the code's, with no trace of the database in it. */
  const refused = (r: { status: number; body: any }, status: number, code: string) => {
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(JSON.stringify(r.body)).not.toMatch(SQL_WORDS);
  };

  it('a slot booked twice answers SLOT_TAKEN on startsAt; a cancelled booking frees it, rebooking it clashes', async () => {
    const doctor = await l.create('doctors', { name: 'Dr Who' });
    const slot = { doctor: doctor.id, startsAt: '2030-01-07T09:00:00.000Z' };
    const first = await l.create('appointments', { ...slot, patient: 'Amy' });
    const second = await l.call('POST', '/api/entities/appointments', { ...slot, patient: 'Rory' });
    refused(second, 409, 'SLOT_TAKEN');
    expect(second.body.errors).toEqual([
      { path: 'startsAt', code: 'unique', message: 'That slot is already booked.' },
    ]);
    expect(await count('appointments', `&doctor=${doctor.id}`)).toBe(1);

    const cancelled = await l.call('POST', `/api/entities/appointments/${first.id}/transitions/cancel`, {});
    expect(cancelled.status).toBe(200);
    await l.create('appointments', { ...slot, patient: 'Rory' });
    // Back into the states the constraint covers: the transition's write clashes.
    const rebook = await l.call('POST', `/api/entities/appointments/${first.id}/transitions/rebook`, {});
    refused(rebook, 409, 'SLOT_TAKEN');
    const after = await l.call('GET', `/api/entities/appointments/${first.id}`);
    expect(after.body).toMatchObject({ status: 'cancelled', version: first.version + 1 });
    // Another doctor, or another time, is another slot.
    const other = await l.create('doctors', { name: 'Dr No' });
    await l.create('appointments', { ...slot, doctor: other.id, patient: 'Amy' });
    await l.create('appointments', { ...slot, startsAt: '2030-01-07T09:30:00.000Z', patient: 'Amy' });
  });

  it('an ISBN taken on the open shelves answers VALIDATION_FAILED on isbn; a withdrawn copy does not count', async () => {
    const book = await l.create('books', { title: "O'Brien's Guide", isbn: '978-0' });
    const again = await l.call('POST', '/api/entities/books', {
      title: 'Copy',
      isbn: '978-0',
      shelf: 'stacks',
    });
    refused(again, 422, 'VALIDATION_FAILED');
    expect(again.body.errors).toEqual([
      { path: 'isbn', code: 'unique', message: 'This value is already taken.' },
    ]);
    expect(await count('books', '&isbn=978-0')).toBe(1);

    const withdrawn = await l.call('PATCH', `/api/entities/books/${book.id}`, { shelf: 'withdrawn' });
    expect(withdrawn.status).toBe(200);
    const copy = await l.create('books', { title: 'Copy', isbn: '978-0' });
    // Putting the withdrawn one back would make two: the update is refused and changes nothing.
    const back = await l.call('PATCH', `/api/entities/books/${book.id}`, { shelf: 'open' });
    refused(back, 422, 'VALIDATION_FAILED');
    expect(back.body.errors).toEqual([expect.objectContaining({ path: 'isbn', code: 'unique' })]);
    expect((await l.call('GET', `/api/entities/books/${book.id}`)).body.shelf).toBe('withdrawn');
    expect((await l.call('GET', `/api/entities/books/${copy.id}`)).body.shelf).toBe('open');
  });

  it("a claim's items add up to at most MAX_CLAIM_CENTS, on create and on update", async () => {
    const claim = await l.create('claims', { title: 'Conference' });
    await l.create('claimItems', { claim: claim.id, amount: 300_000 });
    const second = await l.create('claimItems', { claim: claim.id, amount: 200_000 });
    const over = await l.call('POST', '/api/entities/claimItems', { claim: claim.id, amount: 1 });
    refused(over, 422, 'CLAIM_TOO_LARGE');
    expect(over.body.params).toEqual({ max: 500_000 });
    // The item's own stored amount is replaced by the new one, not added to it.
    const lower = await l.call('PATCH', `/api/entities/claimItems/${second.id}`, { amount: 199_999 });
    expect(lower.status).toBe(200);
    const higher = await l.call('PATCH', `/api/entities/claimItems/${second.id}`, { amount: 200_001 });
    refused(higher, 422, 'CLAIM_TOO_LARGE');
    expect((await l.call('GET', `/api/entities/claimItems/${second.id}`)).body.amount).toBe(199_999);
    // Another claim has its own total.
    const other = await l.create('claims', { title: 'Travel' });
    await l.create('claimItems', { claim: other.id, amount: 500_000 });
  });

  it('a submitted claim keeps its items and itself; a draft goes with its items', async () => {
    const empty = await l.create('claims', { title: 'Nothing yet' });
    refused(
      await l.call('POST', `/api/entities/claims/${empty.id}/transitions/submit`, {}),
      409,
      'CLAIM_EMPTY',
    );

    const claim = await l.create('claims', { title: 'Submitted' });
    const item = await l.create('claimItems', { claim: claim.id, amount: 10 });
    expect((await l.call('POST', `/api/entities/claims/${claim.id}/transitions/submit`, {})).status).toBe(
      200,
    );
    refused(await l.call('DELETE', `/api/entities/claimItems/${item.id}`), 409, 'CLAIM_LOCKED');
    refused(await l.call('DELETE', `/api/entities/claims/${claim.id}`), 409, 'CLAIM_LOCKED');
    expect((await l.call('GET', `/api/entities/claimItems/${item.id}`)).status).toBe(200);

    const draft = await l.create('claims', { title: 'Draft' });
    const items = [
      await l.create('claimItems', { claim: draft.id, amount: 5 }),
      await l.create('claimItems', { claim: draft.id, amount: 6 }),
    ];
    expect((await l.call('DELETE', `/api/entities/claimItems/${items[0].id}`)).status).toBe(204);
    expect((await l.call('DELETE', `/api/entities/claims/${draft.id}`)).status).toBe(204);
    expect((await l.call('GET', `/api/entities/claimItems/${items[1].id}`)).status).toBe(404);
  });

  it("a book's delete cascades to its loans, so their delete rule holds it while a loan is out", async () => {
    const book = await l.create('books', { title: 'Dune', isbn: 'dune-1' });
    const loan = await l.create('loans', { book: book.id, member: l.clerk.id });
    refused(await l.call('DELETE', `/api/entities/books/${book.id}`), 409, 'LOAN_OPEN');
    expect((await l.call('GET', `/api/entities/loans/${loan.id}`)).status).toBe(200);
    expect((await l.call('GET', `/api/entities/books/${book.id}`)).status).toBe(200);
    expect((await l.call('POST', `/api/entities/loans/${loan.id}/transitions/giveBack`, {})).status).toBe(
      200,
    );
    expect((await l.call('DELETE', `/api/entities/books/${book.id}`)).status).toBe(204);
    expect((await l.call('GET', `/api/entities/loans/${loan.id}`)).status).toBe(404);
  });

  it('at most three loans out per book, counted per book on create, transition and update', async () => {
    const book = await l.create('books', { title: 'Emma', isbn: 'emma-1' });
    const spare = await l.create('books', { title: 'Persuasion', isbn: 'pers-1' });
    const member = l.clerk.id;
    const loans = [];
    for (let i = 0; i < 3; i++) loans.push(await l.create('loans', { book: book.id, member }));
    const fourth = await l.call('POST', '/api/entities/loans', { book: book.id, member });
    refused(fourth, 409, 'BOOK_OUT');
    expect(fourth.body.params).toEqual({ max: 3, limit: 'loansPerBook' });
    // Another book has its own count.
    const elsewhere = await l.create('loans', { book: spare.id, member });
    // Moved onto the full book: refused, and it stays where it was.
    refused(await l.call('PATCH', `/api/entities/loans/${elsewhere.id}`, { book: book.id }), 409, 'BOOK_OUT');
    expect((await l.call('GET', `/api/entities/loans/${elsewhere.id}`)).body.book).toBe(spare.id);

    await l.call('POST', `/api/entities/loans/${loans[0].id}/transitions/giveBack`, {});
    await l.create('loans', { book: book.id, member });
    refused(
      await l.call('POST', `/api/entities/loans/${loans[0].id}/transitions/lendAgain`, {}),
      409,
      'BOOK_OUT',
    );
    expect(await count('loans', `&book=${book.id}&status=out`)).toBe(3);
  });

  it("GET /api/quotas lists the caller's owner quotas, never a quota per book", async () => {
    const r = await l.call('GET', '/api/quotas');
    expect(r.status).toBe(200);
    const names = (r.body.items ?? r.body).map((q: { name: string }) => q.name);
    expect(names).toEqual(['loansPerMember']);
  });
});
