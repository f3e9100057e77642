/**
 * Two rates on one scope and role: a request refused by either counts in neither, on both
 * dialects. Regression: the refused request stayed counted in the windows that had taken it
 * (a limit then held tighter than declared), and on PostgreSQL a second window's promise was
 * left unawaited once the first refused (a failure there was an unhandled rejection).
 */
import { action, defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/core/accounts/accounts';
import type { Ninefold } from '../../src/start-app';
import { createNinefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';
import { FakeClock } from './ticket-fixtures';

const notes = entity({
  fields: { title: f.text({ min: 1, max: 50 }) },
  access: { read: { member: true }, create: { member: true } },
});

const ping = action({ who: { member: true }, input: {}, output: {}, handler: async () => ({}) });

const app = defineApp({
  about: { name: 'Windows', summary: 'Two rates on one scope.', audience: 'Tests.' },
  roles: { member: { signUp: true }, boss: { admin: true } },
  entities: { notes },
  actions: { ping },
  limits: {
    rates: {
      burst: { scope: 'write', roles: ['member'], max: 3, window: '1m' },
      daily: { scope: 'write', roles: ['member'], max: 5, window: '1h' },
    },
  },
});

describe.each(DIALECTS)('two write rates on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  const clock = new FakeClock();
  const headers: Record<string, Record<string, string>> = {};

  const signIn = async (role: string) => {
    const email = `${role}-${dialect}@test.example`;
    const user = await nf.core.create(null, 'users', { email, name: role, role }, true);
    await setPassword(nf.db, String(user.id), 'a-long-enough-password', clock.now());
    const res = await nf.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a-long-enough-password' },
    });
    headers[role] = { authorization: `Bearer ${res.json().token}` };
  };
  const write = () =>
    nf.server.inject({
      method: 'POST',
      url: '/api/entities/notes',
      headers: headers.member!,
      payload: { title: 'n' },
    });
  const events = async (name: string) => {
    const res = await nf.server.inject({ method: 'GET', url: '/api/rates', headers: headers.boss! });
    return (res.json().items as { name: string; events: number }[]).find((u) => u.name === name)!.events;
  };

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url, now: clock.now, logger: false });
    await signIn('member');
    await signIn('boss');
  });
  afterAll(async () => {
    await nf.close();
    await tdb.drop();
  });

  it('refuses the 4th write in a minute and counts it in neither window', async () => {
    for (let i = 0; i < 3; i++) expect((await write()).statusCode).toBe(201);
    const refused = await write();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(await events('burst')).toBe(3);
    expect(await events('daily')).toBe(3);
  });

  it('lets the hour hold the 6th write once the minute has passed, counting nothing refused', async () => {
    clock.advance(61_000);
    for (let i = 0; i < 2; i++) expect((await write()).statusCode).toBe(201);
    expect((await write()).statusCode).toBe(429);
    expect(await events('burst')).toBe(2);
    expect(await events('daily')).toBe(5);
  });
});
