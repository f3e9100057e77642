/**
 * A small app of cross-record rules, for what the helpdesk does not declare: a slot a doctor
 * cannot be booked twice in unless cancelled (a conditional unique with its own code), a
 * book's ISBN unique among books not withdrawn (the default VALIDATION_FAILED), claims whose
 * items may not add up past a maximum (a guard on a sum of children) and may not be emptied
 * or lose an item once submitted (guards on delete), and at most three loans out per book (a
 * quota per referenced record) beside at most five per member (per owner), no book goes
 * while a loan of it is out (a delete rule of the loans it would cascade to), and a site's
 * delete reaches two levels down: its rooms' bookings hold it, their locked fixtures refuse it. Started on a fresh
 * database of a dialect; on PostgreSQL the pool holds several connections, so writes race.
 */

import type { AddressInfo } from 'node:net';
import {
  constant,
  countOf,
  defineApp,
  entity,
  eq,
  f,
  gt,
  inState,
  lte,
  not,
  oneOf,
  related,
  sumOf,
} from '@ninefold/spec';
import { expect } from 'vitest';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { freshDatabase, type TestDatabase } from '../test-databases';

const all = { clerk: true } as const;
const open = { read: all, create: all, update: all, delete: all };

const doctors = entity({ title: 'name', fields: { name: f.text({ min: 1, max: 80 }) }, access: open });

const appointments = entity({
  fields: {
    doctor: f.ref('doctors'),
    startsAt: f.datetime(),
    patient: f.text({ min: 1, max: 80 }),
  },
  states: {
    field: 'status',
    initial: 'booked',
    states: { booked: {}, cancelled: {} },
    transitions: {
      cancel: { from: 'booked', to: 'cancelled', who: all },
      rebook: { from: 'cancelled', to: 'booked', who: all },
    },
  },
  access: open,
  unique: [
    { name: 'slot', fields: ['doctor', 'startsAt'], where: not(inState('cancelled')), error: 'SLOT_TAKEN' },
  ],
});

const books = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    isbn: f.text({ min: 1, max: 20, label: 'ISBN' }),
    shelf: f.enum(['open', 'stacks', 'withdrawn'], { default: 'open' }),
  },
  access: open,
  // A withdrawn copy's ISBN may come back on a new record.
  unique: [{ name: 'isbn', fields: ['isbn'], where: oneOf('shelf', ['open', 'stacks']) }],
});

const loans = entity({
  fields: {
    book: f.ref('books', { onDelete: 'cascade' }),
    member: f.ref('users'),
  },
  states: {
    field: 'status',
    initial: 'out',
    states: { out: {}, returned: {} },
    transitions: {
      giveBack: { from: 'out', to: 'returned', who: all },
      lendAgain: { from: 'returned', to: 'out', who: all },
    },
  },
  access: open,
  // A book cannot go (its loans cascade) while a copy is out.
  validate: [{ name: 'returnedFirst', on: ['delete'], check: inState('returned'), error: 'LOAN_OPEN' }],
});

const claims = entity({
  title: 'title',
  fields: { title: f.text({ min: 1, max: 80 }) },
  states: {
    field: 'status',
    initial: 'draft',
    states: { draft: {}, submitted: {} },
    transitions: {
      submit: {
        from: 'draft',
        to: 'submitted',
        who: all,
        requires: [{ check: gt(countOf('claimItems', 'claim'), 0), error: 'CLAIM_EMPTY' }],
      },
    },
  },
  access: open,
  validate: [
    // A submitted claim stays on record.
    { name: 'keepSubmitted', on: ['delete'], check: inState('draft'), error: 'CLAIM_LOCKED' },
  ],
});

const claimItems = entity({
  fields: {
    // Immutable: a delete guard judges deletes only, so an item that could move would leave
    // a submitted claim as surely as a delete (docs/guide/validation.md).
    claim: f.ref('claims', { onDelete: 'cascade', immutable: true }),
    amount: f.integer({ min: 1 }),
  },
  access: open,
  validate: [
    {
      name: 'claimTotal',
      check: lte(sumOf('claimItems', 'claim', 'amount', { of: 'claim' }), constant('MAX_CLAIM_CENTS')),
      error: 'CLAIM_TOO_LARGE',
      params: { max: constant('MAX_CLAIM_CENTS') },
    },
    { name: 'draftOnly', on: ['delete'], check: related('claim', inState('draft')), error: 'CLAIM_LOCKED' },
  ],
});

// Two levels of references: a site's rooms go with it, and each room is held by its bookings
// (restrict), takes its fixtures with it (cascade, a locked one refusing) and clears its notes.
const sites = entity({ title: 'name', fields: { name: f.text({ min: 1, max: 80 }) }, access: open });

const rooms = entity({
  title: 'name',
  fields: { site: f.ref('sites', { onDelete: 'cascade' }), name: f.text({ min: 1, max: 80 }) },
  access: open,
});

const bookings = entity({
  fields: { room: f.ref('rooms', { onDelete: 'restrict' }), guest: f.text({ min: 1, max: 80 }) },
  access: open,
});

const fixtures = entity({
  fields: { room: f.ref('rooms', { onDelete: 'cascade' }), locked: f.boolean({ default: false }) },
  access: open,
  validate: [
    { name: 'unlockedFirst', on: ['delete'], check: eq('locked', false), error: 'FIXTURE_LOCKED' },
    // A guard on a count of children: moving a fixture locks both rooms.
    { name: 'roomCapacity', check: lte(countOf('fixtures', 'room'), 10), error: 'ROOM_FULL' },
  ],
});

const parts = entity({
  fields: { fixture: f.ref('fixtures', { onDelete: 'cascade' }), name: f.text({ min: 1, max: 80 }) },
  access: open,
});

const notes = entity({
  fields: {
    room: f.ref('rooms', { optional: true, onDelete: 'setNull' }),
    text: f.text({ min: 1, max: 80 }),
  },
  access: open,
});

/** The app under test. */
export const ledger = defineApp({
  about: { name: 'Ledger', summary: 'Rules that span records.', audience: 'Tests.' },
  roles: { clerk: {} },
  constants: { MAX_CLAIM_CENTS: { value: 500_000 } },
  errors: {
    SLOT_TAKEN: { status: 409, message: 'That slot is already booked.' },
    CLAIM_TOO_LARGE: {
      status: 422,
      message: 'A claim totals at most {max} cents.',
      params: { max: 'number' },
    },
    CLAIM_LOCKED: { status: 409, message: 'A submitted claim cannot change.' },
    CLAIM_EMPTY: { status: 409, message: 'A claim needs at least one item.' },
    LOAN_OPEN: { status: 409, message: 'This loan is still out.' },
    FIXTURE_LOCKED: { status: 409, message: 'This fixture is locked in place.' },
    ROOM_FULL: { status: 409, message: 'This room has no space for another fixture.' },
    BOOK_OUT: { status: 409, message: 'All {max} copies of this book are out.', params: { max: 'number' } },
  },
  entities: {
    doctors,
    appointments,
    books,
    loans,
    claims,
    claimItems,
    sites,
    rooms,
    bookings,
    fixtures,
    parts,
    notes,
  },
  limits: {
    quotas: {
      loansPerBook: { entity: 'loans', per: 'book', where: eq('status', 'out'), max: 3, error: 'BOOK_OUT' },
      loansPerMember: { entity: 'loans', owner: 'member', where: inState('out'), max: 5 },
    },
  },
});

export interface Ledger {
  readonly nf: Ninefold;
  readonly clerk: TestUser;
  /** A real HTTP request to the listening server, as the clerk unless `as` says otherwise. */
  call(method: string, path: string, body?: unknown, as?: TestUser): Promise<{ status: number; body: any }>;
  /** Creates a record as the clerk; anything but 201 fails the test with the answer. */
  create(entity: string, body: unknown): Promise<any>;
  close(): Promise<void>;
}

/**
 * The ledger on a fresh database of the dialect, listening on a loopback port.
 * @example const l = await startLedger('postgres'); await l.call('POST', '/api/entities/books', {...});
 */
export async function startLedger(dialect: DialectName): Promise<Ledger> {
  const tdb: TestDatabase = await freshDatabase(dialect);
  const nf = await createNinefold(ledger, { database: tdb.url, logger: { level: 'silent' } });
  await nf.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(nf.server.server.address() as AddressInfo).port}`;
  const clerk = await sessionUser(nf, 'clerk', 'Clerk');
  const call: Ledger['call'] = async (method, path, body, as = clerk) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...as.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    nf,
    clerk,
    call,
    create: async (entity, body) => {
      const r = await call('POST', `/api/entities/${entity}`, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    },
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}
