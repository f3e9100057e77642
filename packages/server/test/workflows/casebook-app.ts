/**
 * A small casebook, for read grants that show different fields on different records: a
 * member reads every field of their own cases and account, but only the title of another
 * member's shared case, and only the name of another account; a note shows its private
 * part to its author alone, and its body to whoever may read its case (a related-record
 * rule, so projecting it waits for the case). A boss reads everything through one grant;
 * an auditor, an admin role, reads every field of shared cases and the titles of the rest.
 * Served on a loopback port for realtime, signed-in users made directly (session-user.ts).
 */
import type { AddressInfo } from 'node:net';
import { action, caller, callerIs, can, defineApp, entity, eq, f, hasRole, users } from '@ninefold/spec';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { sessionUser } from '../realtime/session-user';
import { freshDatabase } from '../test-databases';

/** The fields of a case the narrow grant shows; `secret` and `rating` it never does. */
export const CASE_TITLE_FIELDS = ['owner', 'title', 'shared'] as const;

const people = users({
  fields: {},
  access: {
    // The bug's own example: the first grant names no fields, the second only the name.
    read: {
      member: [{ where: callerIs('id') }, { where: hasRole('member'), fields: ['name'] }],
      boss: true,
    },
  },
});

const cases = entity({
  title: 'title',
  fields: {
    owner: f.ref('users', { default: caller('id'), readOnly: true }),
    title: f.text({ min: 1, max: 80 }),
    secret: f.text({ max: 200, optional: true }),
    rating: f.integer({ default: 0 }),
    shared: f.boolean({ default: false }),
  },
  access: {
    read: {
      member: [{ where: callerIs('owner') }, { where: eq('shared', true), fields: [...CASE_TITLE_FIELDS] }],
      boss: true,
      auditor: [{ where: eq('shared', true) }, { fields: [...CASE_TITLE_FIELDS] }],
    },
    create: { member: true, boss: true },
    update: { member: { where: callerIs('owner') }, boss: true },
  },
  sortable: ['rating'],
});

const notes = entity({
  fields: {
    case: f.ref('cases'),
    author: f.ref('users', { default: caller('id'), readOnly: true }),
    body: f.text({ min: 1, max: 200 }),
    private: f.text({ max: 200, optional: true }),
  },
  access: {
    read: {
      member: [{ where: callerIs('author') }, { where: can('case', 'read'), fields: ['case', 'body'] }],
    },
    create: { member: true },
    update: { member: { where: callerIs('author') } },
  },
});

const caseId = f.ref('cases');

/** The keys of a case as the handler's `records.get` gives it to the caller. */
const peekCase = action({
  who: { member: true },
  input: { caseId },
  output: { keys: f.text() },
  handler: async ({ input, records, fail }) => {
    const c = await records.get('cases', input.caseId);
    if (!c) return fail('NOT_FOUND');
    return { keys: Object.keys(c).sort().join(',') };
  },
});

/** Every case `records.list` gives the caller, and how many came with their secret. */
const listCases = action({
  who: { member: true },
  input: {},
  output: { seen: f.integer(), withSecret: f.integer() },
  handler: async ({ records }) => {
    const items = await records.list('cases', { limit: 100 });
    return { seen: items.length, withSecret: items.filter((c) => 'secret' in c).length };
  },
});

/** Cases grouped by a field: a way to read a field's values, if it were let. */
const tally = action({
  who: { member: true },
  input: { field: f.enum(['title', 'secret', 'rating']) },
  output: { groups: f.integer() },
  handler: async ({ input, records }) => ({
    groups: Object.keys(await records.countBy('cases', input.field)).length,
  }),
});

export const casebook = defineApp({
  about: { name: 'Casebook', summary: 'Cases, shared by title only.', audience: 'Tests.' },
  roles: { member: {}, boss: {}, auditor: { admin: true } },
  entities: { users: people, cases, notes },
  actions: { peekCase, listCases, tally },
});

export interface Casebook {
  readonly nf: Ninefold;
  readonly port: number;
  readonly settle: Settle;
  readonly alice: TestUser;
  readonly bob: TestUser;
  readonly boss: TestUser;
  readonly auditor: TestUser;
  close(): Promise<void>;
}

/**
 * The casebook on a fresh database of the dialect, listening, with two members, a boss and
 * an auditor.
 * @example const c = await startCasebook('sqlite'); … await c.close();
 */
export async function startCasebook(dialect: DialectName): Promise<Casebook> {
  const tdb = await freshDatabase(dialect);
  const nf = await createNinefold(casebook, { database: tdb.url, logger: { level: 'error' } });
  await nf.server.listen({ port: 0, host: '127.0.0.1' });
  const port = (nf.server.server.address() as AddressInfo).port;
  return {
    nf,
    port,
    settle: await busSettler(nf),
    alice: await sessionUser(nf, 'member', 'Alice'),
    bob: await sessionUser(nf, 'member', 'Bob'),
    boss: await sessionUser(nf, 'boss', 'Boss'),
    auditor: await sessionUser(nf, 'auditor', 'Auditor'),
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}
