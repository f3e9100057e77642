import { createServer } from 'node:net';
import { createTestApp, type TestApp, testDialects, testMailbox } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { mailApp } from './mail-test-app';
import { MAIL_ATTEMPTS, Mailer } from './mailer';
import { queueMail } from './queue-mail';

type App = typeof mailApp;

const rows = (t: TestApp<App>) =>
  t.db.all<Record<string, unknown>>(t.db.qb.selectFrom('nf_mail').selectAll().orderBy('id'));

async function member(t: TestApp<App>) {
  const u = await t.createUser('member');
  return { id: u.id, role: 'member', email: u.email };
}

// A port nothing listens on: taken from the system, then let go.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.each(testDialects())('the mail worker on %s', (dialect) => {
  it('delivers a message an action sent to a real SMTP server, its params escaped in HTML', async () => {
    await using mailbox = await testMailbox();
    await using t = await createTestApp(mailApp, { database: dialect, mail: mailbox });
    const caller = await member(t);
    const name = '<script>alert("x")</script> & Co';
    await t.core.action(caller, 'notify', { to: 'Ann@Example.com', name, fail: false });
    const mail = await mailbox.next('ann@example.com');
    expect(mail.subject).toBe('Your ticket 42 was answered');
    expect(mail.from).toBe('"Mail tests" <no-reply@app.test>');
    expect(mail.text).toBe(
      `Hello ${name},\n\nMail tests answered your ticket 42. Read it here:\n\nhttps://app.test/tickets/42`,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('<a href="https://app.test/tickets/42">https://app.test/tickets/42</a>');
    // Settled after the SMTP server took it: poll until the row says so.
    await expect.poll(async () => (await rows(t))[0]?.status).toBe('sent');
    const [row] = await rows(t);
    expect(row).toMatchObject({ to: 'ann@example.com', subject: mail.subject, attempts: 1, error: null });
    expect(row!.sentAt).toEqual(expect.any(String));
    expect(row!.lockedUntil).toBeNull();
  });

  it('sends at once after an action answers over HTTP, not at the next poll', async () => {
    await using mailbox = await testMailbox();
    await using t = await createTestApp(mailApp, {
      database: dialect,
      server: { mail: { smtpUrl: mailbox.url, pollMs: 3_600_000 } },
    });
    const member = await t.clientAs('member');
    const res = await t.inject({
      method: 'POST',
      url: '/api/actions/notify',
      headers: member.headers(),
      payload: { to: 'ann@example.com', name: 'Ann', fail: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await mailbox.next('ann@example.com', { timeoutMs: 3_000 })).subject).toBe(
      'Your ticket 42 was answered',
    );
  });

  it('queues nothing when the action that sent fails, nor for a bad address or message', async () => {
    await using t = await createTestApp(mailApp, { database: dialect });
    const caller = await member(t);
    await expect(
      t.core.action(caller, 'notify', { to: 'ann@example.com', name: 'Ann', fail: true }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      t.core.action(caller, 'notify', { to: 'not an address', name: 'Ann', fail: false }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [expect.objectContaining({ path: 'to', code: 'email' })],
    });
    await expect(
      t.core.action(caller, 'notify', { to: 'ann@example.com', name: 'Ann', fail: false, message: 'nope' }),
    ).rejects.toThrow("send: 'nope' is not a message of the app (its messages: ticketAnswered)");
    await expect(
      t.core.action(caller, 'notify', {
        to: 'ann@example.com',
        name: 'Ann',
        fail: false,
        message: 'passwordReset',
      }),
    ).rejects.toThrow("send: 'passwordReset' is a built-in message");
    await t.nf.mailer.deliverDue();
    expect(await rows(t)).toEqual([]);
    expect(t.nf.mailer.outbox).toEqual([]);
    // The notes the failed actions wrote are gone too.
    expect(await t.core.count(caller, 'notes', {})).toBe(0);
  });

  it('retries while the SMTP server is down, then gives up with the error and no stack', async () => {
    const port = await closedPort();
    await using t = await createTestApp(mailApp, {
      database: dialect,
      clock: '2030-01-01T00:00:00Z',
      // Only deliverDue sends here: the poll would race the test's clock.
      server: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, pollMs: 3_600_000 } },
    });
    await t.core.action(await member(t), 'notify', { to: 'ann@example.com', name: 'Ann', fail: false });
    await t.nf.mailer.deliverDue();
    let [row] = await rows(t);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lockedUntil: null });
    expect(row!.error).toMatch(/ECONNREFUSED/);
    expect(row!.nextAttemptAt).toBe('2030-01-01T00:00:05.000Z');
    // Not due before its backoff is over.
    await t.nf.mailer.deliverDue();
    expect((await rows(t))[0]!.attempts).toBe(1);
    for (let i = 2; i <= MAIL_ATTEMPTS; i++) {
      t.clock.advance({ minutes: 5 });
      await t.nf.mailer.deliverDue();
    }
    [row] = await rows(t);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS, sentAt: null });
    expect(row!.error).toMatch(/ECONNREFUSED/);
    expect(row!.error).not.toMatch(/\n|\bat .*\(/);
    t.clock.advance({ days: 1 });
    await t.nf.mailer.deliverDue();
    expect((await rows(t))[0]).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS });
  });

  it('drops a mail its link resolver has nothing to send for', async () => {
    // The app's own worker stays out of the way: only the one under test sends.
    await using t = await createTestApp(mailApp, {
      database: dialect,
      clock: '2030-01-01T00:00:00Z',
      server: { mail: { pollMs: 3_600_000 } },
    });
    await t.db.transaction((tx) =>
      queueMail(
        tx,
        { message: 'passwordReset', to: 'nobody@example.com', link: { purpose: 'passwordReset' } },
        t.clock.now(),
      ),
    );
    const mailer = new Mailer({ app: mailApp, db: t.db, now: t.clock.now, resolve: async () => null });
    await mailer.deliverDue();
    await mailer.close();
    expect((await rows(t))[0]).toMatchObject({
      status: 'dropped',
      subject: null,
      sentAt: null,
      lockedUntil: null,
    });
    expect(mailer.outbox).toEqual([]);
  });

  it('sends each of 20 mails exactly once with two mailers on one database', async () => {
    await using mailbox = await testMailbox();
    await using t = await createTestApp(mailApp, {
      database: dialect,
      mail: mailbox,
      clock: '2030-01-01T00:00:00Z',
    });
    const to = Array.from({ length: 20 }, (_, i) => `reader-${i}@example.com`);
    await t.db.transaction(async (tx) => {
      for (const address of to) {
        await queueMail(
          tx,
          { message: 'ticketAnswered', to: address, params: { name: 'R', ticket: 1, url: 'x' } },
          t.clock.now(),
        );
      }
    });
    // A second process's database handle where processes share one.
    const other = t.db.sharedUrl !== undefined ? openDatabase(t.db.sharedUrl) : t.db;
    const mailers = [t.db, other, other].map(
      (db) =>
        new Mailer(
          { app: mailApp, db, now: t.clock.now },
          { smtpUrl: mailbox.url, appUrl: 'http://app.test' },
        ),
    );
    try {
      // The app's own worker may run a pass of its own meanwhile (it polls every second): the
      // passes called here settle what it left, so they count at most the 20, and every mail
      // ends sent. Counting them as exactly 20 failed when a poll fell inside the test.
      const settled = await Promise.all([...mailers.map((m) => m.deliverDue()), t.nf.mailer.deliverDue()]);
      expect(settled.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
      const sent = (await t.nf.mailer.recent(50)).filter((e) => to.includes(e.to) && e.status === 'sent');
      expect(sent).toHaveLength(20);
    } finally {
      for (const m of mailers) await m.close();
      if (other !== t.db) await other.close();
    }
    expect(mailbox.messages.flatMap((m) => m.to).sort()).toEqual([...to].sort());
    expect((await rows(t)).map((r) => [r.status, r.attempts])).toEqual(to.map(() => ['sent', 1]));
  });
});
