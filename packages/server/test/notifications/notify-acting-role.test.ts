/**
 * Regression test (from review), per dialect. The bug: a notification was judged with the
 * account's STORED role, not the role the person acts as, and served to every caller of
 * that account. A member whose address is unverified acts as `guest` (reads no notes):
 * REST refused them the note, yet the notification centre gave them its title and secret;
 * and an API key narrowed to `guest` read its owner's notifications, judged for `lead`.
 * Now each recipient is judged as the role they act as (the session's own resolution),
 * each row keeps that role, and the list, the unread count, the read marks and the socket
 * push serve only rows judged for the role the caller acts as now (so a demoted person no
 * longer reads what their old role was told). And an address not verified yet is not
 * mailed; the person still hears in the app.
 */
import { callerIs, defineApp, entity, f, users } from '@ninefold/spec';
import { createTestApp, type TestApp, type TestClient } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUser } from '../../src/core/accounts/write-user';
import { DIALECTS } from '../test-databases';
import { call, inbox, mailTo, rowsOf, socketOf, toldOn } from './notify-harness';

const app = defineApp({
  about: { name: 'Notes', summary: 'Notes.', audience: 'Regression.' },
  roles: {
    member: { signUp: true, verifyEmail: { actAs: 'guest' } },
    reader: { signUp: true, verifyEmail: true },
    guest: {},
    lead: { apiKeys: { roles: ['guest'] } },
    admin: { admin: true },
  },
  entities: {
    users: users({ fields: {}, access: { read: { member: true, reader: true, lead: true } } }),
    notes: entity({
      title: 'title',
      fields: {
        title: f.text({ min: 1, max: 80 }),
        secret: f.text({ max: 80, optional: true }),
        watcher: f.ref('users', { optional: true }),
      },
      access: {
        read: { member: [{ where: callerIs('watcher') }], reader: true, lead: true },
        create: { lead: true },
      },
    }),
  },
  notifications: {
    noteShared: {
      on: { entity: 'notes', op: 'create' },
      to: ['watcher'],
      title: 'Note {title}: {secret}',
    },
  },
});

type Notes = typeof app;

describe.each(DIALECTS)('notifications judged and served as the role one acts as, on %s', (dialect) => {
  let t: TestApp<Notes>;
  let lead: TestClient<Notes>;
  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect });
    lead = await t.clientAs('lead');
  });
  afterAll(() => t?.close());

  const verify = (id: string) =>
    t.core.write(null, (s) => writeUser(s, id, { emailVerified: true }).then(() => undefined), true);
  const share = (watcher: string, secret: string) => lead.create('notes', { title: 'Plan', secret, watcher });

  it('an unverified account acting as another role is told only what that role may read', async () => {
    const member = await t.clientAs('member'); // unverified: acts as guest
    const id = member.user!.id;
    const note = await share(id, 'xyzzy');
    expect((await call(t, member, 'GET', `/api/entities/notes/${note.id}`)).status).toBe(404);
    expect(JSON.stringify(await inbox(t, member))).not.toContain('xyzzy');
    expect(JSON.stringify(await rowsOf(t, member.user!))).not.toContain('xyzzy');
    // The preferences offer what the acting role receives: a guest nothing.
    expect((await call(t, member, 'GET', '/api/notifications/preferences')).body.items).toEqual([]);
    // Verified, they act as a member and hear of the notes they may read.
    await verify(id);
    await share(id, 'plugh');
    const { items, unread } = await inbox(t, member);
    expect({ titles: items.map((i) => i.title), unread }).toEqual({
      titles: ['Note Plan: plugh'],
      unread: 1,
    });
    expect((await rowsOf(t, member.user!)).map((r) => r.role)).toEqual(['member']);
    const prefs = await call(t, member, 'GET', '/api/notifications/preferences');
    expect(prefs.body.items.map((p: { notification: string }) => p.notification)).toEqual(['noteShared']);
  });

  it("an API key narrowed to another role neither lists, counts, marks nor hears its owner's", async () => {
    const owner = await t.clientAs('lead');
    const made = await call(t, owner, 'POST', '/api/auth/api-keys', { name: 'k', role: 'guest' });
    expect(made.status).toBe(201);
    const key = { headers: () => ({ authorization: `Bearer ${made.body.key}` }) };
    const [ownSocket, keySocket] = await Promise.all([socketOf(t, owner), socketOf(t, key)]);
    await share(owner.user!.id, 'plover');
    // One event tells both sockets: once the owner's has heard it, the key's was judged too.
    await ownSocket.next((m) => (m as { type: string }).type === 'notification', 0);
    await t.nf.server.realtime.settled();
    await Promise.all([ownSocket.barrier(), keySocket.barrier()]);
    expect(toldOn(ownSocket).map((n) => n.title)).toEqual(['Note Plan: plover']);
    expect(toldOn(keySocket)).toEqual([]);
    const mine = await inbox(t, owner);
    expect({ n: mine.items.length, unread: mine.unread }).toEqual({ n: 1, unread: 1 });
    expect(await inbox(t, key)).toEqual({ items: [], unread: 0, nextCursor: null });
    const read = await call(t, key, 'POST', `/api/notifications/${mine.items[0]!.id}/read`);
    expect(read.status).toBe(404);
    expect((await call(t, key, 'POST', '/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await inbox(t, owner)).unread).toBe(1);
    await Promise.all([ownSocket.close(), keySocket.close()]);
  });

  it('a demoted person no longer reads what their former role was told', async () => {
    const person = await t.clientAs('lead');
    const { id, email } = person.user!;
    await share(id, 'quux');
    expect((await inbox(t, person)).unread).toBe(1);
    await t.core.write(null, (s) => writeUser(s, id, { role: 'member', emailVerified: true }), true);
    const again = await t.signIn(email);
    expect(await inbox(t, again)).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('an address not verified yet is not mailed; the person hears in the app', async () => {
    const reader = await t.clientAs('reader'); // verifyEmail: true, acts as itself
    const { id, email } = reader.user!;
    await share(id, 'one');
    expect((await inbox(t, reader)).items.map((i) => i.title)).toEqual(['Note Plan: one']);
    expect(await mailTo(t, email)).toEqual([]);
    await verify(id);
    await share(id, 'two');
    expect((await mailTo(t, email)).map((m) => m.params.title)).toEqual(['Note Plan: two']);
  });
});
