/**
 * Regression: read fields were the union of every grant's fields, whatever its `where` said.
 * With `users.read.customer = [{ where: callerIs('id') }, { where: hasRole('customer'),
 * fields: ['name'] }]` the first grant names no fields, so the union was "all" and every
 * customer read every field of every account — another's email included. The fields read on
 * a record are those of the grants that hold for it. Per dialect: a get, a list, an event.
 */
import type { AddressInfo } from 'node:net';
import { callerIs, defineApp, hasRole, users } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { sessionUser } from '../realtime/session-user';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const app = defineApp({
  about: { name: 'Directory', summary: 'Names for all, accounts for their owners.', audience: 'Tests.' },
  roles: { customer: {}, admin: { admin: true } },
  entities: {
    users: users({
      fields: {},
      access: {
        read: {
          customer: [{ where: callerIs('id') }, { where: hasRole('customer'), fields: ['id', 'name'] }],
        },
      },
    }),
  },
});

const OTHERS = ['createdAt', 'id', 'name', 'updatedAt', 'version'];
const OWN = [...OTHERS, 'disabled', 'email', 'emailVerified', 'role'].sort();

describe.each(DIALECTS)('regression: read fields were the union of every grant (%s)', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let settle: Settle;
  let ann: TestUser;
  let ben: TestUser;
  let admin: TestUser;
  const get = (url: string, who: TestUser) => nf.server.inject({ method: 'GET', url, headers: who.headers });
  const keys = (r: Record<string, unknown>) =>
    Object.keys(r)
      .filter((k) => k !== '$can')
      .sort();

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url, logger: { level: 'error' } });
    await nf.server.listen({ port: 0, host: '127.0.0.1' });
    settle = await busSettler(nf);
    ann = await sessionUser(nf, 'customer', 'Ann');
    ben = await sessionUser(nf, 'customer', 'Ben');
    admin = await sessionUser(nf, 'admin', 'Admin');
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  it.each([
    { what: 'her own account', whose: 'ann' as const, shows: OWN },
    { what: 'another’s account', whose: 'ben' as const, shows: OTHERS },
  ])('a customer gets $what with $shows', async ({ whose, shows }) => {
    const user = whose === 'ann' ? ann : ben;
    const res = await get(`/api/entities/users/${user.id}`, ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(keys(res.json())).toEqual(shows);
  });

  it('a customer lists accounts and finds no email but her own', async () => {
    const res = await get('/api/entities/users?limit=100', ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(ben.email);
    expect(res.body).toContain(ann.email);
  });

  it('a customer watching accounts hears another’s rename without the email', async () => {
    const port = (nf.server.server.address() as AddressInfo).port;
    const socket = await TestSocket.open(port, ann.headers);
    await socket.subscribe('people', 'users');
    const res = await nf.server.inject({
      method: 'PATCH',
      url: `/api/entities/users/${ben.id}`,
      headers: admin.headers,
      payload: { name: 'Benjamin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    await socket.barrier();
    const heard = socket.take();
    await socket.close();
    expect(heard.map((e) => [e.event, keys(e.record ?? {})])).toEqual([['updated', OTHERS]]);
    expect(JSON.stringify(heard)).not.toContain(ben.email);
  });
});
