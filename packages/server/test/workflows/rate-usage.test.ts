/**
 * `GET /api/rates`: what the rate-limit windows hold now, for admins only — what
 * each keys on, keys counted, keys at the limit, events — moving as sign-ins fail and
 * customers write, and emptying once the window passes (a fake clock moves time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { FakeClock } from './ticket-fixtures';

type Usage = {
  name: string;
  scope: string;
  max: number;
  per: string[];
  perEvent: string;
  keys: number;
  limited: number;
  events: number;
};

describe.each(DIALECTS)('rate-limit usage on %s', (dialect) => {
  let h: Harness;
  let admin: TestUser;
  let alice: TestUser;
  let agent: TestUser;
  const clock = new FakeClock();
  const rates = async (user?: TestUser) =>
    h.request({ method: 'GET', url: '/api/rates', headers: user ? user.headers : {} });
  const usage = async (name: string): Promise<Usage> => {
    const res = await rates(admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Usage[]).find((u) => u.name === name)!;
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: clock.now });
    [admin, alice, agent] = [await h.user('admin'), await h.user('customer'), await h.user('agent')];
  });
  afterAll(() => h.close());

  it.each([
    { who: 'anonymous', user: () => undefined, status: 401, code: 'UNAUTHENTICATED' },
    { who: 'a customer', user: () => alice, status: 403, code: 'FORBIDDEN' },
    { who: 'an agent', user: () => agent, status: 403, code: 'FORBIDDEN' },
  ])('refuses $who with $code', async ({ user, status, code }) => {
    const res = await rates(user());
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it("answers every window this process counts, the spec's and the built-in sign-up limit, with whose counts they are", async () => {
    const body = (await rates(admin)).json();
    // `per` is what the server keys each on: a failed sign-in counts against its email AND
    // its address (two keys), a write against the user, or the address when signed out.
    expect(body.items.map((u: Usage) => [u.name, u.scope, u.max, u.per, u.perEvent])).toEqual([
      ['failedLogins', 'login', 10, ['email', 'address'], 'all'],
      ['signUps', 'signup', 20, ['address'], 'all'],
      ['accountMail', 'mail', 5, ['email'], 'all'],
      ['accountFlows', 'account', 30, ['user', 'address'], 'one'],
      ['accountReads', 'account', 120, ['user', 'address'], 'one'],
      ['customerWrites', 'write', 30, ['user', 'address'], 'one'],
    ]);
    // On PostgreSQL every process counts in the database; on SQLite this process alone.
    expect(body.shared).toBe(dialect === 'postgres');
    expect(body.process.pid).toBe(process.pid);
    expect(body.at).toBe(clock.now().toISOString());
  });

  it('counts failed sign-ins per email and address, shows the keys at the limit, and forgets them after the window', async () => {
    const fail = () =>
      h.request({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: alice.email, password: 'not-the-password' },
      });
    const before = await usage('failedLogins');
    for (let i = 0; i < 10; i++) await fail();
    expect((await fail()).statusCode).toBe(429);
    const now = await usage('failedLogins');
    // Two keys (the email and the address), both at the limit; the refused 11th is not counted.
    expect(now.keys - before.keys).toBe(2);
    expect(now.limited - before.limited).toBe(2);
    expect(now.events - before.events).toBe(20);
    clock.advance(61_000);
    expect(await usage('failedLogins')).toMatchObject({ keys: 0, limited: 0, events: 0 });
  });

  it("counts a customer's writes against customerWrites, and no one else's", async () => {
    const before = await usage('customerWrites');
    await h.ticket(alice);
    await h.request({
      method: 'PATCH',
      url: `/api/entities/users/${agent.id}`,
      headers: agent.headers,
      payload: { name: 'Agent Renamed' },
    });
    expect(await usage('customerWrites')).toMatchObject({ keys: before.keys + 1, events: before.events + 1 });
  });
});
