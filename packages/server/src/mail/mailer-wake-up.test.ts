/**
 * A wake-up that comes while the worker is in the middle of a pass. Regression (fixed in
 * 2cf7e5d): the wake-up was ignored because a pass was running, and that pass had already
 * looked at the queue, so a mail queued meanwhile waited for the next poll (an hour here).
 */
import { createTestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { mailApp } from './mail-test-app';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { Mailer } from './mailer';
import { queueMail } from './queue-mail';

const HOUR_MS = 3_600_000;

/** A transport that holds its first mail until `release()`; `sent` lists every recipient. */
function heldTransport() {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let holding!: () => void;
  const started = new Promise<void>((r) => {
    holding = r;
  });
  const sent: string[] = [];
  const transport: MailTransport = {
    send: async (mail: OutgoingMail) => {
      if (sent.length === 0) {
        holding();
        await held;
      }
      sent.push(mail.to);
    },
    close: () => {},
  };
  return { transport, sent, started, release };
}

describe.each(testDialects())('the mail worker woken during a pass on %s', (dialect) => {
  it('bug: mail queued during a delivery pass waited for the next poll', async () => {
    // The app's own worker polls hourly and nothing wakes it: only the one under test sends.
    await using t = await createTestApp(mailApp, {
      database: dialect,
      server: { mail: { pollMs: HOUR_MS } },
    });
    const queue = (to: string) =>
      t.db.transaction((tx) =>
        queueMail(
          tx,
          { message: 'ticketAnswered', to, params: { name: 'R', ticket: 1, url: 'x' } },
          t.clock.now(),
        ),
      );
    const { transport, sent, started, release } = heldTransport();
    const mailer = new Mailer({ app: mailApp, db: t.db, now: t.clock.now, transport }, { pollMs: HOUR_MS });
    try {
      await queue('first@example.com');
      mailer.start();
      await started;
      // The pass is sending the first mail; it looked at the queue before this one was there.
      await queue('second@example.com');
      mailer.kick();
      await new Promise((r) => setImmediate(r));
      release();
      await expect.poll(() => sent, { timeout: 3_000 }).toEqual(['first@example.com', 'second@example.com']);
    } finally {
      await mailer.close();
    }
  });
});
