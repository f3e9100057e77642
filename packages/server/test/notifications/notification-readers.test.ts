/**
 * Each recipient judged as themselves, per dialect: a person who may not read the record
 * hears nothing of it; the words hold only the fields each may read (a hidden field renders
 * empty); a squad named by `to` reaches its members once each — not the writer, not a
 * disabled account, not a member whose role reads no notes; and the preferences list only
 * the notifications a role could receive.
 */
import { createTestApp, type TestApp, type TestClient, type TestUser } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import notesApp from './notes-app';
import { call, rowsOf } from './notify-harness';

type Notes = typeof notesApp;

describe.each(DIALECTS)('notifications judged per reader on %s', (dialect) => {
  let t: TestApp<Notes>;
  let writer: TestClient<Notes>;
  let squad: string;
  let member: TestUser<Notes>;
  let lead: TestUser<Notes>;
  let guest: TestUser<Notes>;
  let disabled: TestUser<Notes>;

  beforeAll(async () => {
    t = await createTestApp(notesApp, { database: dialect, listen: false });
    squad = String((await t.core.create(null, 'squads', { name: 'Alpha' }, true)).id);
    const inSquad = { fields: { squad } } as const;
    writer = await t.clientAs('member', { name: 'Wanda', ...inSquad });
    member = await t.createUser('member', { name: 'Milo', ...inSquad });
    lead = await t.createUser('lead', { name: 'Lena', ...inSquad });
    guest = await t.createUser('guest', { name: 'Gus', ...inSquad });
    disabled = await t.createUser('member', { name: 'Dora', ...inSquad });
    await t.db.run(t.db.qb.updateTable('users').set({ disabled: true }).where('id', '=', disabled.id));
  });
  afterAll(() => t?.close());

  const titles = async (who: { id: string }) =>
    (await rowsOf(t, who)).map((r) => ({ title: r.title, body: r.body, linkId: r.linkId }));

  it.each([
    {
      what: 'a public note: the member reads it without its secret, the lead whole',
      note: { title: 'Plan', secret: 's3cr3t', private: false },
      member: [{ title: 'Note Plan:', body: 'Wanda wrote Plan () in Alpha', link: true }],
      lead: [{ title: 'Note Plan: s3cr3t', body: 'Wanda wrote Plan (s3cr3t) in Alpha', link: true }],
    },
    {
      what: 'a private note: the member may not read it and hears nothing',
      note: { title: 'Diary', secret: 'xyzzy', private: true },
      member: [],
      lead: [{ title: 'Note Diary: xyzzy', body: 'Wanda wrote Diary (xyzzy) in Alpha', link: true }],
    },
  ])('$what', async ({ note, member: forMember, lead: forLead }) => {
    const before = { member: (await titles(member)).length, lead: (await titles(lead)).length };
    // The member is both the watcher and in the squad: told once.
    const made = await writer.create('notes', { ...note, watcher: member.id, squad });
    const expected = (rows: typeof forMember) =>
      rows.map((r) => ({ title: r.title, body: r.body, linkId: r.link ? made.id : null }));
    expect((await titles(member)).slice(before.member)).toEqual(expected(forMember));
    expect((await titles(lead)).slice(before.lead)).toEqual(expected(forLead));
    const everything = JSON.stringify(
      await t.db.all(t.db.qb.selectFrom('nf_notifications').selectAll().where('userId', '=', member.id)),
    );
    expect(everything).not.toContain(note.secret);
  });

  it('never the writer, a disabled account, or a role that reads no notes', async () => {
    await writer.create('notes', { title: 'Standup', squad });
    for (const who of [writer.user!, disabled, guest]) expect(await rowsOf(t, who)).toEqual([]);
    expect((await rowsOf(t, member)).at(-1)?.title).toBe('Note Standup:');
  });

  it.each([
    { role: 'member', items: ['noteShared'] },
    { role: 'lead', items: ['noteShared'] },
    { role: 'guest', items: [] },
  ] as const)('a $role is offered the preferences of $items', async ({ role, items }) => {
    const client = await t.clientAs(role);
    const { status, body } = await call(t, client, 'GET', '/api/notifications/preferences');
    expect(status).toBe(200);
    expect(body.items.map((p: { notification: string }) => p.notification)).toEqual(items);
    if (items.length > 0)
      expect(body.items[0]).toMatchObject({ app: true, email: false, label: 'Note shared' });
  });
});
