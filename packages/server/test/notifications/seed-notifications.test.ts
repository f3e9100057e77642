/**
 * A seed's writes are history: the notifications they call for are kept in the app (a demo's
 * bell has something to show), but none is mailed — `npm start` on a fresh database would
 * otherwise mail (and print) one for every demo reply.
 */
import helpdesk from '@ninefold/example-helpdesk';
import { seedHelpdesk } from '@ninefold/example-helpdesk/seed';
import { createTestApp, testMailbox } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';

describe.each(DIALECTS)('seeding the helpdesk on %s', (dialect) => {
  it('keeps the notifications in the app and mails none', async () => {
    await using mailbox = await testMailbox();
    await using t = await createTestApp(helpdesk, { database: dialect, seed: seedHelpdesk, mail: mailbox });
    const [row] = await t.db.all<{ n: number }>(
      t.db.qb.selectFrom('nf_notifications').select((e) => e.fn.countAll<number>().as('n')),
    );
    expect(Number(row?.n)).toBeGreaterThan(0);
    await t.nf.mailer.deliverDue();
    const notifications = (await t.nf.mailer.recent(500)).filter((m) => m.message === 'notification');
    expect(notifications).toEqual([]);
  });
});
