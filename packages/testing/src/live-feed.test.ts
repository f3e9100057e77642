import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar } from './cookie-jar';
import { createTestApp } from './create-test-app';
import tasksApp from './fixtures/tasks-app';
import type { TestApp } from './test-app';
import { testDialects } from './test-database';

describe.each(testDialects())('live feeds on %s', (dialect) => {
  let t: TestApp<typeof tasksApp>;
  beforeAll(async () => {
    t = await createTestApp(tasksApp, { database: dialect });
  });
  afterAll(() => t.close());

  it('waits for the next event that matches, once the server confirmed the subscription', async () => {
    const lead = await t.clientAs('lead');
    const ann = await t.clientAs('member');
    const feed = lead.live('tasks', { where: { status: 'open' } });
    await feed.ready();
    const task = await ann.create('tasks', { title: 'Heard live' });
    await ann.update('tasks', task.id, { title: 'Heard live, renamed' });
    const renamed = await feed.next((e) => e.type === 'event' && e.event === 'updated');
    expect(renamed).toMatchObject({
      event: 'updated',
      id: task.id,
      record: { title: 'Heard live, renamed' },
    });
    // The creation came first: passed over by that wait, and kept.
    expect(feed.events.map((e) => (e.type === 'event' ? e.event : e.type))).toEqual(['created', 'updated']);

    await ann.transition('tasks', task.id, 'finish', {});
    expect(await feed.next()).toMatchObject({ event: 'removed', id: task.id });
    feed.stop();
  });

  it('fails a wait after its timeout, saying what it heard', async () => {
    const lead = await t.clientAs('lead');
    const feed = lead.live('tasks', { where: { title: 'Nothing like this' } });
    await feed.ready();
    await expect(feed.next(undefined, { timeoutMs: 100 })).rejects.toThrow(/No matching event .* heard 0/);
  });

  it('follows one record, for a reader who may see it', async () => {
    const ann = await t.clientAs('member');
    const task = await ann.create('tasks', { title: 'Just this one' });
    const feed = ann.live('tasks', { id: task.id });
    await feed.ready();
    await ann.transition('tasks', task.id, 'finish', {});
    expect(await feed.next()).toMatchObject({
      event: 'transitioned',
      name: 'finish',
      record: { status: 'done' },
    });
    expect(ann.sockets.subscribed()).toBe(1);
  });

  it('plays browser tabs sharing one cookie jar, the socket signed in by the cookie', async () => {
    const ann = await t.createUser('member');
    const jar = cookieJar();
    const first = t.client({ cookies: jar });
    await first.auth.signIn({ email: ann.email, password: ann.password });
    expect(jar.size).toBe(1);
    expect(first.headers()).toEqual({ cookie: expect.stringMatching(/=/) });
    const second = t.client({ cookies: jar });
    expect((await second.auth.me())?.id).toBe(ann.id);
    const feed = second.live('tasks');
    await feed.ready();
    await first.create('tasks', { title: 'From the other tab' });
    expect(await feed.next()).toMatchObject({ event: 'created', record: { title: 'From the other tab' } });
    await first.auth.signOut();
    expect(await second.auth.me()).toBeNull();
  });
});
