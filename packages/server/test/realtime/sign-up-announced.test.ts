/**
 * A sign-up is a write like any other: an admin subscribed to users hears the new account,
 * on both dialects, and a customer hears nothing of it. Regression: sign-up created the user
 * in a transaction of its own and never staged its change, so no subscriber on any process
 * heard of it, while a user an admin created through REST was announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { type EventMessage, TestSocket } from './test-socket';

describe.each(DIALECTS)('a sign-up over realtime, on %s', (dialect) => {
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

  it('reaches an admin subscribed to users, and only what the admin may read of it', async () => {
    const [watching, other] = await Promise.all([
      TestSocket.open(port, admin.headers),
      TestSocket.open(port, customer.headers),
    ]);
    await watching.subscribe('people', 'users');
    await other.subscribe('people', 'users');
    const email = `new-${dialect}@example.test`;
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, name: 'New Person', password: 'a-long-enough-password' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().user.id;
    await settle();
    await Promise.all([watching.barrier(), other.barrier()]);
    const heard = watching.take().filter((m): m is EventMessage => m.type === 'event');
    expect(heard.map((e) => [e.event, e.id])).toEqual([['created', id]]);
    expect(heard[0]!.record).toMatchObject({ email, name: 'New Person', role: 'customer' });
    expect(JSON.stringify(heard)).not.toContain('passwordHash');
    expect(other.take().filter((m) => m.type === 'event')).toEqual([]);
    watching.close();
    other.close();
  });
});
