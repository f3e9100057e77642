import { caller, callerIs, defineApp, entity, f, inState } from '@ninefold/spec';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createNinefold, type Ninefold } from '../start-app';
import { defineSeed, isSeed } from './define-seed';

const app = defineApp({
  about: { name: 'Notes', summary: 'Seed tests.', audience: 'Tests.' },
  roles: { member: { signUp: true }, boss: { admin: true } },
  entities: {
    notes: entity({
      fields: {
        owner: f.ref('users', { default: caller('id'), readOnly: true, optional: true }),
        text: f.text({ min: 1 }),
      },
      states: {
        field: 'status',
        initial: 'draft',
        states: { draft: {}, done: { final: true } },
        transitions: { finish: { from: 'draft', to: 'done', who: { member: callerIs('owner') } } },
      },
      access: {
        read: { member: callerIs('owner') },
        create: { member: true },
        update: { member: { where: inState('draft'), fields: ['text'] } },
      },
    }),
  },
});

const PASSWORD = 'seed-password-9';
const DAY = 86_400_000;
const NOW = new Date('2026-03-01T12:00:00Z');

const seed = defineSeed(app, {
  password: PASSWORD,
  accounts: [
    { key: 'boss', email: 'boss@example.test', name: 'Bo Boss', role: 'boss' },
    { email: 'Mia@Example.test', name: 'Mia', role: 'member', password: 'mias-own-password-3' },
  ],
  accountsAt: (now) => now.getTime() - 10 * DAY,
  async run(ctx) {
    const mia = ctx.accounts['Mia@Example.test'];
    expectTypeOf(ctx.accounts).toHaveProperty('boss');
    const note = await ctx
      .at(ctx.now.getTime() - DAY)
      .as(mia)
      .create('notes', { text: 'Buy milk' });
    expectTypeOf(note.text).toEqualTypeOf<string>();
    await ctx.as(mia).transition('notes', note.id, 'finish');
    await ctx.create('notes', { text: 'Made by the system' });
  },
});

let nf: Ninefold | undefined;
afterEach(async () => {
  await nf?.close();
  nf = undefined;
});

async function fresh(): Promise<Ninefold> {
  nf = await createNinefold(app, { database: ':memory:', logger: false, now: () => NOW });
  return nf;
}

const rows = (n: Ninefold, table: string, order = 'createdAt') =>
  n.db.all<Record<string, unknown>>(n.db.qb.selectFrom(table).selectAll().orderBy(order));

describe('defineSeed', () => {
  // Regression (review of #14): a refused password threw after its user was written, and a
  // database with users is never seeded again, so one bad password left it half-seeded for good.
  it('refuses a password the policy refuses, and two accounts of one key, before anything is written', () => {
    const account = { email: 'a@example.test', name: 'A', role: 'member' } as const;
    expect(() => defineSeed(app, { password: 'password1', accounts: [account] })).toThrow(
      /a@example\.test: .*too common/,
    );
    expect(() => defineSeed(app, { accounts: [account] })).toThrow(/a@example\.test: no password/);
    expect(() =>
      defineSeed(app, {
        password: PASSWORD,
        accounts: [
          { ...account, key: 'k' },
          { ...account, email: 'b@example.test', key: 'k' },
        ],
      }),
    ).toThrow(/share a key/);
  });

  // Regression (review of #14): every moment a seed wrote at made a core whose session cache
  // listened on the bus for good (63 listeners after the helpdesk's seed).
  it('leaves no listener on the bus, however many moments it writes at', async () => {
    const n = await fresh();
    const bus = n.core.bus as { listen: typeof n.core.bus.listen };
    const listen = bus.listen.bind(bus);
    let added = 0;
    bus.listen = (listener) => {
      added++;
      return listen(listener);
    };
    expect(await seed(n.core)).toBe(true);
    expect(added).toBe(0);
  });

  it('vouches for the addresses of its accounts, unless an account says emailVerified: false', async () => {
    const n = await fresh();
    const vouching = defineSeed(app, {
      password: PASSWORD,
      accounts: [
        { email: 'sure@example.test', name: 'Sure', role: 'member' },
        { email: 'unsure@example.test', name: 'Unsure', role: 'member', emailVerified: false },
      ],
    });
    expect(await vouching(n.core)).toBe(true);
    const users = await rows(n, 'users', 'email');
    expect(users.map((u) => [u.email, Boolean(u.emailVerified)])).toEqual([
      ['sure@example.test', true],
      ['unsure@example.test', false],
    ]);
  });

  it('makes the accounts at their moment (emails lowercased, as sign-in reads them), who sign in with their passwords, then runs the rest as them', async () => {
    const n = await fresh();
    expect(await seed(n.core)).toBe(true);
    const users = await rows(n, 'users');
    expect(users.map((u) => [u.email, u.role, u.createdAt])).toEqual([
      ['boss@example.test', 'boss', new Date(NOW.getTime() - 10 * DAY).toISOString()],
      ['mia@example.test', 'member', new Date(NOW.getTime() - 10 * DAY).toISOString()],
    ]);
    for (const [email, password] of [
      ['boss@example.test', PASSWORD],
      ['mia@example.test', 'mias-own-password-3'],
    ]) {
      const res = await n.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(res.statusCode, email).toBe(200);
    }
    const notes = await rows(n, 'notes');
    const mia = users[1]!;
    expect(notes.map((x) => [x.text, x.owner, x.status, x.createdAt])).toEqual([
      ['Buy milk', mia.id, 'done', new Date(NOW.getTime() - DAY).toISOString()],
      ['Made by the system', null, 'draft', NOW.toISOString()],
    ]);
    const audit = await rows(n, 'nf_audit', 'id');
    expect(audit.filter((a) => a.operation === 'transition').map((a) => [a.name, a.actorRole])).toEqual([
      ['finish', 'member'],
    ]);
  });

  it('refuses a database with users, and with force one where its accounts exist, writing nothing', async () => {
    const n = await fresh();
    await n.core.create(null, 'users', { email: 'ops@example.test', name: 'Ops', role: 'boss' }, true);
    expect(await seed(n.core)).toBe(false);
    expect(await rows(n, 'notes')).toHaveLength(0);
    expect(await seed(n.core, { force: true })).toBe(true);
    expect(await seed(n.core, { force: true })).toBe(false);
    expect(await rows(n, 'users')).toHaveLength(3);
    expect(await rows(n, 'notes')).toHaveLength(2);
  });

  it('runs the app’s rules on writes made as a person', async () => {
    const n = await fresh();
    const strict = defineSeed(app, {
      password: PASSWORD,
      accounts: [{ key: 'mia', email: 'mia@example.test', name: 'Mia', role: 'member' }],
      async run(ctx) {
        const note = await ctx.as(ctx.accounts.mia).create('notes', { text: 'Mine' });
        await ctx.as(ctx.accounts.mia).transition('notes', note.id, 'finish');
        await ctx.as(ctx.accounts.mia).update('notes', note.id, { text: 'Changed after done' });
      },
    });
    await expect(strict(n.core)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('tells its accounts without passwords, and is recognised as a seed', () => {
    expect(seed.accounts).toEqual([
      { key: 'boss', email: 'boss@example.test', name: 'Bo Boss', role: 'boss' },
      { key: 'Mia@Example.test', email: 'mia@example.test', name: 'Mia', role: 'member' },
    ]);
    expect(seed.password).toBe(PASSWORD);
    expect(isSeed(seed)).toBe(true);
    expect(isSeed(async () => true)).toBe(false);
  });

  it('refuses two accounts with one email', () => {
    expect(() =>
      defineSeed(app, {
        accounts: [
          { email: 'a@example.test', name: 'A', role: 'member' },
          { email: 'A@example.test', name: 'B', role: 'member' },
        ],
      }),
    ).toThrow(/share an email/);
  });
});
