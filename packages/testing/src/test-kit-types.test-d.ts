import type { NinefoldError, RealtimeEvent } from '@ninefold/client';
import { defineSeed } from '@ninefold/server';
import type { RecordOf } from '@ninefold/spec';
import { defineApp } from '@ninefold/spec';
import { describe, expectTypeOf, test } from 'vitest';
import tasksApp from './fixtures/tasks-app';
import { createTestApp, type TestClient, type TestUser } from './index';

type Tasks = typeof tasksApp;

describe('the kit is typed by the app', () => {
  test('clients know the app’s entities, fields, transitions and errors', async () => {
    const t = await createTestApp(tasksApp);
    const member = await t.clientAs('member');
    expectTypeOf(member).toEqualTypeOf<TestClient<Tasks>>();
    expectTypeOf(member.user).toEqualTypeOf<TestUser<Tasks> | null>();
    expectTypeOf(member.user!.role).toEqualTypeOf<'member' | 'lead' | 'admin'>();
    const task = await member.create('tasks', { title: 'Typed' });
    expectTypeOf(task.status).toEqualTypeOf<'open' | 'done'>();
    expectTypeOf((await member.list('tasks')).items).toEqualTypeOf<RecordOf<Tasks, 'tasks'>[]>();
    // @ts-expect-error: no such entity
    member.list('projects');
    // @ts-expect-error: no such field
    member.create('tasks', { title: 'x', colour: 'red' });
    // @ts-expect-error: no such transition
    member.transition('tasks', task.id, 'archive', {});
    // @ts-expect-error: no such role
    await t.clientAs('owner');
    const e: unknown = null;
    if (member.isError(e, 'TOO_LATE_TO_REOPEN')) expectTypeOf(e).toExtend<NinefoldError>();
    // @ts-expect-error: not in the app's catalogue
    member.isError(e, 'NO_SUCH_CODE');
  });

  test('live feeds filter by the entity’s fields', async () => {
    const t = await createTestApp(tasksApp);
    const lead = await t.clientAs('lead');
    const feed = lead.live('tasks', { where: { status: 'done' } });
    expectTypeOf(await feed.next()).toEqualTypeOf<RealtimeEvent>();
    // @ts-expect-error: not a state of tasks
    lead.live('tasks', { where: { status: 'archived' } });
    // @ts-expect-error: users fields only on users
    await t.createUser('member', { fields: { title: 'x' } });
  });

  test('seeds are the app’s own', async () => {
    const other = defineApp({
      about: { name: 'Other', summary: 'Another app.', audience: 'Nobody.' },
      roles: { someone: {} },
      entities: {},
    });
    const ownSeed = defineSeed(tasksApp, { accounts: [] });
    await createTestApp(tasksApp, { seed: ownSeed });
    // @ts-expect-error: a seed of another app
    await createTestApp(tasksApp, { seed: defineSeed(other, {}) });
    await createTestApp(tasksApp, {
      seed: {
        password: 'x-password-1',
        accounts: [{ key: 'ann', email: 'ann@x.test', name: 'Ann', role: 'member' }],
        run: async (ctx) => {
          await ctx.as(ctx.accounts.ann).create('tasks', { title: 'Typed' });
          // @ts-expect-error: no such field
          await ctx.create('tasks', { title: 'x', colour: 'red' });
          // @ts-expect-error: no such account
          ctx.accounts.bob;
        },
      },
    });
    await createTestApp(tasksApp, {
      // @ts-expect-error: not a role of the app
      seed: { accounts: [{ email: 'a@x.test', name: 'A', role: 'someone' }] },
    });
    await createTestApp(tasksApp, { seed: async (core) => expectTypeOf(core.now()).toEqualTypeOf<Date>() });
  });
});
