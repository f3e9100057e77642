import app from '@ninefold/example-helpdesk';
import { createTestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { KEPT_PER_PERSON, storeNotification, unreadCount } from './notification-store';

describe.each(testDialects())('storeNotification on %s', (dialect) => {
  it(`keeps each person's newest ${KEPT_PER_PERSON}, and no one else's are touched`, async () => {
    await using t = await createTestApp(app, {
      database: dialect,
      listen: false,
      clock: '2031-05-04T09:00:00Z',
    });
    const [ann, bob] = await Promise.all([t.createUser('customer'), t.createUser('customer')]);
    const text = (n: number) => ({ title: `#${n}`, body: null, link: null });
    await storeNotification(t.db, bob, 'agentReplied', text(0), t.clock.now());
    await t.db.transaction(async (tx) => {
      for (let n = 1; n <= KEPT_PER_PERSON + 3; n++)
        await storeNotification(tx, ann, 'agentReplied', text(n), t.clock.advance(1000));
    });
    const rows = await t.db.all<{ title: string; userId: string }>(
      t.db.qb.selectFrom('nf_notifications').select(['title', 'userId']).orderBy('id'),
    );
    const anns = rows.filter((r) => r.userId === ann.id).map((r) => r.title);
    expect(anns).toHaveLength(KEPT_PER_PERSON);
    expect([anns[0], anns.at(-1)]).toEqual(['#4', `#${KEPT_PER_PERSON + 3}`]);
    expect(rows.filter((r) => r.userId === bob.id).map((r) => r.title)).toEqual(['#0']);
    expect(await unreadCount(t.db, ann)).toBe(KEPT_PER_PERSON);
  });

  it('counts unread only those judged for the role asked about', async () => {
    await using t = await createTestApp(app, {
      database: dialect,
      listen: false,
      clock: '2031-05-04T09:00:00Z',
    });
    const ann = await t.createUser('agent');
    const text = { title: 'T', body: null, link: null };
    await storeNotification(t.db, ann, 'customerReplied', text, t.clock.now());
    await storeNotification(t.db, { id: ann.id, role: 'admin' }, 'customerReplied', text, t.clock.now());
    await storeNotification(t.db, { id: ann.id, role: 'admin' }, 'customerReplied', text, t.clock.now());
    const counts = await Promise.all(
      ['agent', 'admin', 'customer'].map((role) => unreadCount(t.db, { id: ann.id, role })),
    );
    expect(counts).toEqual([1, 2, 0]);
  });

  it('answers the item as the wire carries it', async () => {
    await using t = await createTestApp(app, {
      database: dialect,
      listen: false,
      clock: '2031-05-04T09:00:00Z',
    });
    const ann = await t.createUser('customer');
    const link = { entity: 'tickets', id: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d' };
    const item = await storeNotification(
      t.db,
      ann,
      'ticketResolved',
      { title: 'T', body: 'B', link },
      t.clock.now(),
    );
    expect(item).toEqual({
      id: item.id,
      notification: 'ticketResolved',
      title: 'T',
      body: 'B',
      link,
      createdAt: '2031-05-04T09:00:00.000Z',
      readAt: null,
    });
  });
});
