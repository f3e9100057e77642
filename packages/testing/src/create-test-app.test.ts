import { existsSync } from 'node:fs';
import { type Core, setPassword } from '@ninefold/server';
import { checkApp } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './create-test-app';
import tasksApp from './fixtures/tasks-app';
import { TEST_PASSWORD, type TestApp } from './test-app';
import { testDialects } from './test-database';

type Tasks = typeof tasksApp;

it('the kit’s app passes the checker', () => {
  expect(checkApp(tasksApp).problems).toEqual([]);
});

describe.each(testDialects())('createTestApp on %s', (dialect) => {
  let t: TestApp<Tasks>;
  beforeAll(async () => {
    t = await createTestApp(tasksApp, { database: dialect });
  });
  afterAll(() => t.close());

  it('signs in clients as a role, each seeing what its rules allow', async () => {
    expect(t.dialect).toBe(dialect);
    const ann = await t.clientAs('member', { name: 'Ann' });
    const ben = await t.clientAs('member');
    const lead = await t.clientAs('lead');
    expect(ann.user).toMatchObject({ name: 'Ann', role: 'member', password: TEST_PASSWORD });
    expect((await ann.auth.me())?.id).toBe(ann.user?.id);

    const task = await ann.create('tasks', { title: 'Water the plants' });
    expect(task).toMatchObject({ owner: ann.user?.id, status: 'open' });
    expect((await ben.list('tasks')).items).toEqual([]);
    expect((await lead.list('tasks')).items.map((x) => x.id)).toEqual([task.id]);
    const refused = await ben.get('tasks', task.id).catch((e: unknown) => e);
    expect(ben.isError(refused, 'NOT_FOUND')).toBe(true);
  });

  it('signs in as a person, and answers a wrong password as the server does', async () => {
    const made = await t.createUser('lead', { email: 'lee@tasks.test', password: 'another-password-2' });
    const lee = await t.signIn('lee@tasks.test', 'another-password-2');
    expect(lee.user).toEqual(made);
    const wrong = await t.signIn('lee@tasks.test', 'not-the-password').catch((e: unknown) => e);
    expect(lee.isError(wrong, 'INVALID_CREDENTIALS')).toBe(true);
    const visitor = t.client();
    expect(visitor.user).toBeNull();
    expect(await visitor.auth.me()).toBeNull();
  });

  it('sends requests in-process with a client’s headers', async () => {
    const member = await t.clientAs('member');
    const res = await t.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(member.user?.id);
    expect((await t.inject('/api/auth/me')).statusCode).toBe(401);
  });

  it('moves the server’s clock: timestamps and rules on now() follow it', async () => {
    const start = t.clock.set('2031-03-01T09:00:00.000Z');
    const ann = await t.clientAs('member');
    const task = await ann.create('tasks', { title: 'File taxes' });
    expect(task.createdAt).toBe(start.toISOString());
    t.clock.advance({ minutes: 30 });
    const done = await ann.transition('tasks', task.id, 'finish', {});
    expect(done.finishedAt).toBe('2031-03-01T09:30:00.000Z');
    t.clock.advance({ minutes: 59 });
    const again = await ann.transition('tasks', task.id, 'reopen', {});
    await ann.transition('tasks', task.id, 'finish', {});
    t.clock.advance({ hours: 2 });
    const late = await ann.transition('tasks', task.id, 'reopen', {}).catch((e: unknown) => e);
    expect(again.status).toBe('open');
    expect(ann.isError(late, 'TOO_LATE_TO_REOPEN')).toBe(true);
    t.clock.resume();
  });
});

describe('createTestApp options', () => {
  it('seeds with an app’s seed function before serving, and signs in as a seeded person', async () => {
    await using t = await createTestApp(tasksApp, {
      database: 'sqlite',
      clock: '2030-01-01T00:00:00Z',
      seed: async (core) => {
        const sam = { email: 'sam@tasks.test', name: 'Sam', role: 'member' };
        const id = String((await core.create(null, 'users', sam, true)).id);
        await setPassword(core.db, id, 'sams-password-1', core.now());
        await core.create({ id, role: 'member', email: sam.email }, 'tasks', { title: 'Seeded' });
        return true;
      },
    });
    const sam = await t.signIn('sam@tasks.test', 'sams-password-1');
    expect(sam.user).toMatchObject({ name: 'Sam', role: 'member' });
    const [seeded] = (await sam.list('tasks')).items;
    expect(seeded).toMatchObject({ title: 'Seeded', createdAt: '2030-01-01T00:00:00.000Z' });
  });

  it('seeds from a definition written for the test, and signs in with the seed’s password', async () => {
    await using t = await createTestApp(tasksApp, {
      database: 'sqlite',
      seed: {
        password: 'seed-password-1',
        accounts: [
          { key: 'ann', email: 'ann@tasks.test', name: 'Ann', role: 'member' },
          { key: 'lee', email: 'lee@tasks.test', name: 'Lee', role: 'lead' },
        ],
        run: async (ctx) => {
          await ctx.as(ctx.accounts.ann).create('tasks', { title: 'Ann’s' });
        },
      },
    });
    const lee = await t.signIn('lee@tasks.test');
    expect((await lee.list('tasks')).items).toMatchObject([
      { title: 'Ann’s', owner: (await t.signIn('ann@tasks.test')).user?.id },
    ]);
  });

  it('runs in-process without a port: HTTP through inject, realtime refused plainly', async () => {
    await using t = await createTestApp(tasksApp, { database: 'sqlite', listen: false });
    expect(t.nf.server.server.listening).toBe(false);
    const ann = await t.clientAs('member');
    await ann.create('tasks', { title: 'Offline' });
    expect((await ann.list('tasks')).items).toHaveLength(1);
    const missing = await ann.get('tasks', '0190c5a8-0000-7000-8000-000000000000').catch((e: unknown) => e);
    expect(ann.isError(missing, 'NOT_FOUND')).toBe(true);
    expect(() => ann.live('tasks')).toThrow(/listening test app/);
  });

  it('closes the app and its database when the seed fails (regression: the database stayed open)', async () => {
    let seen: Core | undefined;
    const failing = createTestApp(tasksApp, {
      database: 'sqlite-file',
      seed: async (core) => {
        seen = core;
        throw new Error('the seed broke');
      },
    });
    await expect(failing).rejects.toThrow('the seed broke');
    await expect(seen!.db.all(seen!.db.qb.selectFrom('users').selectAll())).rejects.toThrow(/not open/);
  });

  it('closes once, however often it is asked, and drops its database', async () => {
    const t = await createTestApp(tasksApp, { database: 'sqlite-file' });
    const file = t.databaseUrl;
    expect(existsSync(file)).toBe(true);
    await Promise.all([t.close(), t.close()]);
    expect(existsSync(file)).toBe(false);
  });
});
