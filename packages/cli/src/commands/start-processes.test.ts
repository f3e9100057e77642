/**
 * Two `ninefold start` processes on one PostgreSQL database, started as users start them (the
 * real binary, DATABASE_URL), must act as one server: a session ended on either is refused
 * by the other from its commit, that user's sockets on the other close within a second,
 * every change reaches the other's subscribers, and every rate limit holds at its declared
 * number across both. Regression: the CLI handed createNinefold an opened database, which
 * then took the in-process bus and its 5 s session cache, so none of this held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call } from '../../test/call-api';
import { LiveSocket } from '../../test/live-socket';
import { logIn, OUTBOX_MAIL, type Running, serve } from '../../test/run-cli';
import { PG_URL, type SharedPostgres, sharedPostgres } from '../../test/shared-postgres';

if (!PG_URL) console.warn('[ninefold start ×2] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

const PASSWORD = 'demo-password-1';
type Json = Record<string, any>;

/** How many answers had each status, e.g. `{ 401: 10, 429: 6 }`. */
function statuses(answers: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe.skipIf(!PG_URL)(
  'two `ninefold start` processes on one PostgreSQL database',
  { timeout: 120_000 },
  () => {
    let db: SharedPostgres;
    let a: Running;
    let b: Running;
    let admin: string;

    beforeAll(async () => {
      db = await sharedPostgres();
      // The first seeds the demo data; the second starts on what the first made.
      a = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATABASE_URL: db.url });
      await a.waitFor(/Press Ctrl-C to stop/);
      b = await serve(['start', 'examples/helpdesk', '--port', '0'], {
        DATABASE_URL: db.url,
        ...OUTBOX_MAIL,
      });
      admin = await logIn(a.url, 'admin@helpdesk.test', PASSWORD);
    }, 120_000);
    afterAll(async () => {
      for (const s of [a, b]) if (s) expect((await s.stop()).code).toBe(0);
      await db?.drop();
    });

    /** A new customer, signed up on process A: its id and token. */
    let made = 0;
    const customer = async () => {
      made += 1;
      const res = await call(a.url, null, 'POST', '/api/auth/signup', {
        email: `two-${made}@example.test`,
        name: `Customer ${made}`,
        password: PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: String(res.body.user.id), token: String(res.body.token) };
    };

    it('a change on either process reaches the subscribers of the other', async () => {
      const agent = await logIn(b.url, 'agent@helpdesk.test', PASSWORD);
      const [onA, onB] = await Promise.all([LiveSocket.open(a.url, agent), LiveSocket.open(b.url, agent)]);
      await Promise.all([onA.subscribe('t', 'tickets'), onB.subscribe('t', 'tickets')]);
      const alice = await logIn(a.url, 'alice@helpdesk.test', PASSWORD);
      const created = await call(a.url, alice, 'POST', '/api/entities/tickets', {
        subject: 'Heard on both processes',
        description: 'Written through A.',
      });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const edited = await call(b.url, alice, 'PATCH', `/api/entities/tickets/${id}`, {
        subject: 'Edited through B',
      });
      expect(edited.status).toBe(200);
      for (const socket of [onA, onB]) {
        await socket.next((m) => m.type === 'event' && m.event === 'created' && m.id === id);
        const update = await socket.next((m) => m.type === 'event' && m.event === 'updated' && m.id === id);
        expect((update.record as Json).subject).toBe('Edited through B');
      }
      onA.close();
      onB.close();
    });

    it.each([
      {
        end: 'signs out',
        on: async (_id: string, token: string) => call(a.url, token, 'POST', '/api/auth/logout'),
        status: 204,
      },
      {
        end: 'is disabled by an admin',
        on: async (id: string) =>
          call(a.url, admin, 'PATCH', `/api/entities/users/${id}`, { disabled: true }),
        status: 200,
      },
      {
        end: 'is given another role by an admin',
        on: async (id: string) => call(a.url, admin, 'PATCH', `/api/entities/users/${id}`, { role: 'agent' }),
        status: 200,
      },
    ])(
      'when a user $end on A, B refuses their session at once and closes their socket within 1 s',
      async ({ on, status }) => {
        const who = await customer();
        const socket = await LiveSocket.open(b.url, who.token);
        await socket.subscribe('mine', 'tickets');
        expect((await call(b.url, who.token, 'GET', '/api/auth/me')).status).toBe(200);

        const ended = await on(who.id, who.token);
        expect(ended.status, JSON.stringify(ended.body)).toBe(status);
        const answered = Date.now();
        // No pause: the commit that ended the session is what B reads.
        expect((await call(b.url, who.token, 'GET', '/api/auth/me')).status).toBe(401);
        const write = await call(b.url, who.token, 'POST', '/api/entities/tickets', {
          subject: 'Written after the end',
          description: 'Must be refused.',
        });
        expect(write.status).toBe(401);
        const closed = await socket.closed;
        expect(closed.code).toBe(4001);
        expect(closed.at - answered).toBeLessThan(1000);
      },
    );

    // Each limit is hit from both processes at once, half the attempts on each: exactly the
    // declared number passes, whatever process an attempt reached.
    it('a customer’s writes are limited to 30 a minute across both processes', async () => {
      const who = await customer();
      const ticket = await call(a.url, who.token, 'POST', '/api/entities/tickets', {
        subject: 'Rate limited ticket',
        description: 'Counted once.',
      });
      expect(ticket.status).toBe(201);
      const writes = await Promise.all(
        Array.from({ length: 36 }, (_, i) =>
          call(i % 2 ? a.url : b.url, who.token, 'PATCH', `/api/entities/tickets/${ticket.body.id}`, {
            description: `Write number ${i}`,
          }),
        ),
      );
      // The create was the first of the 30.
      expect(statuses(writes)).toEqual({ 200: 29, 429: 7 });
      const refused = writes.find((w) => w.status === 429)!;
      expect(refused.body.code).toBe('RATE_LIMITED');
    });

    it('sign-ups are limited to 20 an hour per address across both processes', async () => {
      const before = made; // this file's earlier sign-ups count against the same address
      const answers = await Promise.all(
        Array.from({ length: 24 - before }, (_, i) =>
          call(i % 2 ? a.url : b.url, null, 'POST', '/api/auth/signup', {
            email: `burst-${i}@example.test`,
            name: `Burst ${i}`,
            password: PASSWORD,
          }),
        ),
      );
      expect(statuses(answers)).toEqual({ 201: 20 - before, 429: 4 });
    });

    // Last: the failed sign-ins also count against this test's one address.
    it('failed sign-ins are limited to 10 a minute per email across both processes', async () => {
      const tries = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          call(i % 2 ? a.url : b.url, null, 'POST', '/api/auth/login', {
            email: 'bob@helpdesk.test',
            password: `wrong password ${i}`,
          }),
        ),
      );
      expect(statuses(tries)).toEqual({ 401: 10, 429: 6 });
      // Even the right password now waits, on either process.
      for (const s of [a, b]) {
        const right = await call(s.url, null, 'POST', '/api/auth/login', {
          email: 'bob@helpdesk.test',
          password: PASSWORD,
        });
        expect(right.status).toBe(429);
        expect(Number(right.body.params.retryAfter)).toBeGreaterThan(0);
      }
    });
  },
);
