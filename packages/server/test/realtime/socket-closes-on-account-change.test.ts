/**
 * A socket lives no longer than the right it was opened with. Per dialect, for each way an
 * account stops being what it was — a new role, disabled, signed out, deleted — the user's
 * open socket closes with 4001 and hears nothing more, REST refuses the old session, and a
 * bystander's socket stays open. The deleted account is a regression: its socket used to
 * stay open and keep hearing every ticket after REST already answered 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

type Change = (h: Harness, admin: TestUser, user: TestUser) => Promise<number>;

const patchUser =
  (patch: object): Change =>
  async (h, admin, user) =>
    (
      await h.request({
        method: 'PATCH',
        url: `/api/entities/users/${user.id}`,
        headers: admin.headers,
        payload: patch,
      })
    ).statusCode;

const CASES: [string, Change][] = [
  ['the admin changes their role', patchUser({ role: 'customer' })],
  ['the admin disables the account', patchUser({ disabled: true })],
  [
    'they sign out',
    async (h, _admin, user) =>
      (await h.request({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode,
  ],
  [
    'regression: the admin deletes the account',
    async (h, admin, user) =>
      (await h.request({ method: 'DELETE', url: `/api/entities/users/${user.id}`, headers: admin.headers }))
        .statusCode,
  ],
];

describe.each(DIALECTS)("an agent's socket when their account changes, on %s", (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
    admin = await sessionUser(h.nf, 'admin');
    customer = await sessionUser(h.nf, 'customer');
  });
  afterAll(() => h?.close());

  it.each(CASES)('closes with 4001 and hears nothing more when %s', async (_name, change) => {
    const agent = await sessionUser(h.nf, 'agent');
    const bystander = await sessionUser(h.nf, 'agent');
    const sockets = await Promise.all([agent, bystander].map((u) => TestSocket.open(port, u.headers)));
    for (const s of sockets) await s.subscribe('tickets', 'tickets');
    const [mine, theirs] = sockets as [TestSocket, TestSocket];
    expect(await change(h, admin, agent)).toBeLessThan(300);
    await settle();
    expect((await mine.closedWithin()).code).toBe(4001);
    const me = await h.request({ method: 'GET', url: '/api/entities/tickets', headers: agent.headers });
    expect(me.statusCode).toBe(401);
    const ticket = await h.ticket(customer);
    await settle();
    await theirs.barrier();
    expect(theirs.take().map((e) => `${e.event} ${e.id}`)).toEqual([`created ${ticket.id}`]);
    expect(mine.take()).toEqual([]);
    await theirs.close();
  });
});
