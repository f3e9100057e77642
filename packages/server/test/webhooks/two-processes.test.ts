/**
 * Issue #17: two real `ninefold start` processes of the helpdesk on one PostgreSQL database,
 * each configured from the environment (WEBHOOK_TICKET_EVENTS_URL and _SECRET) to deliver to
 * one receiver. 200 tickets created through both processes' APIs reach the receiver as 200
 * events, every one verified, none of them answered 2xx twice: both workers take from one
 * queue, and no delivery is made by both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, PG_URL, type TestDatabase } from '../test-databases';
import { type Running, start } from './run-start';
import { type Receiver, startReceiver } from './webhook-receiver';

async function call(url: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

if (!PG_URL)
  console.warn('[webhooks ×2 processes] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

const PASSWORD = 'demo-password-1';
const TICKETS = 200;

describe.skipIf(!PG_URL)('webhooks from two `ninefold start` processes on one PostgreSQL database', () => {
  let db: TestDatabase;
  let receiver: Receiver;
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    receiver = await startReceiver();
    const hooks = { WEBHOOK_TICKET_EVENTS_URL: receiver.url, WEBHOOK_TICKET_EVENTS_SECRET: receiver.secret };
    // The first seeds the demo data; the second starts on what the first made.
    a = await start(['--demo'], { DATABASE_URL: db.url, ...hooks });
    b = await start([], { DATABASE_URL: db.url, MAIL_OUTBOX: '1', APP_URL: 'http://app.test', ...hooks });
  }, 180_000);
  afterAll(async () => {
    for (const s of [a, b]) if (s) expect(await s.stop()).toBe(0);
    await receiver?.close();
    await db?.drop();
  });

  it(`${TICKETS} tickets created through both reach the receiver once each`, {
    timeout: 180_000,
  }, async () => {
    const login = await call(a.url, null, 'POST', '/api/auth/login', {
      email: 'admin@helpdesk.test',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    const made = new Set<string>();
    // Ten at a time, alternating processes: both workers are woken and both poll.
    for (let i = 0; i < TICKETS; i += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          call((i + j) % 2 ? a.url : b.url, token, 'POST', '/api/entities/tickets', {
            subject: `Told once #${i + j}`,
            description: 'Created through one of two processes.',
          }),
        ),
      );
      for (const r of answers) {
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        made.add(String(r.body.id));
      }
    }
    const ours = () => receiver.events().filter((e) => e.type === 'tickets.created' && made.has(e.data.id));
    const deadline = Date.now() + 120_000;
    while (ours().length < TICKETS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Anything a second process would have sent twice has had time to arrive.
    await new Promise((r) => setTimeout(r, 2_000));

    expect(
      ours()
        .map((e) => e.data.id)
        .sort(),
    ).toEqual([...made].sort());
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    const accepted = new Map<string, number>();
    for (const d of receiver.deliveries)
      if (d.status < 300) accepted.set(d.id, (accepted.get(d.id) ?? 0) + 1);
    expect([...accepted].filter(([, n]) => n > 1)).toEqual([]);
    // One event per ticket: a message id is one change, never two.
    const perTicket = new Map<string, number>();
    for (const e of ours()) perTicket.set(e.data.id, (perTicket.get(e.data.id) ?? 0) + 1);
    expect([...perTicket.values()].every((n) => n === 1)).toBe(true);
  });
});
