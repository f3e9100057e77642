/**
 * API keys over HTTP, once per dialect: shown once and never again, never stored in clear
 * (every table of the database scanned for the key and its secret part), the bad requests
 * refused with what is wrong, service accounts given keys by an admin and never signed in,
 * and a key that cannot make keys.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/core/accounts/accounts';
import { everyTable } from '../accounts/every-table';
import { DIALECTS } from '../test-databases';
import { bearer, type KeyHarness, keyHarness, type Person } from './key-harness';
import { keysApp } from './keys-app';

const KEY = /^nfk_[A-Za-z0-9_-]{43}$/;

describe.each(DIALECTS)('API keys on %s', (dialect) => {
  let h: KeyHarness;
  let agent: Person;
  let admin: Person;
  beforeAll(async () => {
    h = await keyHarness(keysApp(), dialect);
    agent = await h.person('agent');
    admin = await h.person('admin');
  }, 60_000);
  afterAll(() => h?.close());

  it('shows a key once: POST answers it, GET never does', async () => {
    const made = await h.makeKey(agent, { name: 'CI', expiresAt: '2030-06-01T00:00:00Z' });
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json();
    expect(body.key).toMatch(KEY);
    expect(body).toMatchObject({
      name: 'CI',
      prefix: body.key.slice(0, 12),
      userId: agent.id,
      role: 'agent',
      expiresAt: '2030-06-01T00:00:00.000Z',
      lastUsedAt: null,
    });
    expect(Object.keys(body).sort()).toEqual(
      ['createdAt', 'expiresAt', 'id', 'key', 'lastUsedAt', 'name', 'prefix', 'role', 'userId'].sort(),
    );
    const list = await h.send({ method: 'GET', url: '/api/auth/api-keys', headers: agent.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json().items.find((k: { id: string }) => k.id === body.id);
    const { key: _key, ...shown } = body;
    expect(listed).toEqual(shown);
    expect(list.body).not.toContain(body.key);
    expect(list.body).not.toContain(body.key.slice(12));
    // The key works, as its owner.
    const me = await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(body.key) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(agent.id);
  });

  it('stores no key in clear: no table holds a key or its secret part, only its hash', async () => {
    const keys: string[] = [];
    for (const who of [agent, admin]) {
      const made = await h.makeKey(who, { name: `scan ${who.role}` });
      expect(made.statusCode).toBe(201);
      keys.push(made.json().key);
      // Used once, so whatever a use writes is written too.
      expect(
        (await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(made.json().key) })).statusCode,
      ).toBe(200);
    }
    const service = await h.account('integration');
    const forService = await h.makeKey(admin, { name: 'scan service', userId: service.id });
    keys.push(forService.json().key);
    // A control: the scan sees what requests write (a ticket's text).
    const customer = await h.person('customer');
    const marker = `marker-${Date.now()}`;
    await h.send({
      method: 'POST',
      url: '/api/entities/tickets',
      headers: customer.headers,
      payload: { subject: 'Scan control', description: marker },
    });
    await new Promise((r) => setTimeout(r, 100)); // lastUsedAt is written in the background
    const tables = await everyTable(h.t.db);
    expect([...tables.keys()]).toContain('nf_api_keys');
    expect([...tables.values()].some((rows) => rows.includes(marker))).toBe(true);
    for (const key of keys) {
      for (const [table, rows] of tables) {
        expect(rows.includes(key), `${table} holds a key`).toBe(false);
        expect(rows.includes(key.slice(4)), `${table} holds a key's secret part`).toBe(false);
        expect(rows.includes(key.slice(12)), `${table} holds a key's unlisted part`).toBe(false);
      }
      const { createHash } = await import('node:crypto');
      expect(tables.get('nf_api_keys')).toContain(createHash('sha256').update(key).digest('base64url'));
    }
  });

  const bad: readonly {
    name: string;
    who: 'agent' | 'admin' | 'kiosk' | 'customer' | 'nobody' | 'key';
    body: (ids: { customer: string; service: string }) => Record<string, unknown>;
    status: number;
    code: string;
    paths?: string[];
  }[] = [
    {
      name: 'no name',
      who: 'agent',
      body: () => ({}),
      status: 422,
      code: 'VALIDATION_FAILED',
      paths: ['name'],
    },
    {
      name: 'every failing field at once',
      who: 'agent',
      body: () => ({ name: '', expiresAt: 'soon', role: 'admin', colour: 'red' }),
      status: 422,
      code: 'VALIDATION_FAILED',
      paths: ['colour', 'expiresAt', 'name', 'role'],
    },
    {
      name: 'an expiry in the past',
      who: 'agent',
      body: () => ({ name: 'k', expiresAt: '2029-12-31T00:00:00Z' }),
      status: 422,
      code: 'VALIDATION_FAILED',
      paths: ['expiresAt'],
    },
    {
      name: 'a role wider than the owner’s',
      who: 'customer',
      body: () => ({ name: 'k', role: 'agent' }),
      status: 422,
      code: 'VALIDATION_FAILED',
      paths: ['role'],
    },
    {
      name: 'a key for someone else, by a non-admin',
      who: 'agent',
      body: (ids) => ({ name: 'k', userId: ids.service }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      name: 'a key for a person, by an admin',
      who: 'admin',
      body: (ids) => ({ name: 'k', userId: ids.customer }),
      status: 422,
      code: 'VALIDATION_FAILED',
      paths: ['userId'],
    },
    {
      name: 'a role that holds no keys',
      who: 'kiosk',
      body: () => ({ name: 'k' }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      name: 'nobody signed in',
      who: 'nobody',
      body: () => ({ name: 'k' }),
      status: 401,
      code: 'UNAUTHENTICATED',
    },
    {
      name: 'a request made with a key',
      who: 'key',
      body: () => ({ name: 'k' }),
      status: 403,
      code: 'FORBIDDEN',
    },
  ];

  it.each(bad)(
    'refuses $name ($status $code) and makes no key',
    async ({ who, body, status, code, paths }) => {
      const customer = await h.person('customer');
      const service = await h.account('integration');
      const headers =
        who === 'nobody'
          ? {}
          : who === 'key'
            ? bearer((await h.makeKey(agent)).json().key)
            : who === 'customer'
              ? customer.headers
              : who === 'agent'
                ? agent.headers
                : who === 'admin'
                  ? admin.headers
                  : (await h.person('kiosk')).headers;
      const count = async () =>
        Number(
          (await h.t.db.all<{ n: number }>(sql`select count(*) as n from nf_api_keys`.compile(h.t.db.qb)))[0]!
            .n,
        );
      const before = await count();
      const res = await h.send({
        method: 'POST',
        url: '/api/auth/api-keys',
        headers,
        payload: body({ customer: customer.id, service: service.id }),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe(code);
      if (paths)
        expect(
          res
            .json()
            .errors.map((e: { path: string }) => e.path)
            .sort(),
        ).toEqual(paths);
      expect(res.body).not.toMatch(/nfk_/);
      expect(await count()).toBe(before);
    },
  );

  it.each([
    {
      route: 'POST /api/auth/password',
      body: { currentPassword: 'test-password-1', password: 'a-new-password-9' },
    },
    {
      route: 'POST /api/auth/email',
      body: { email: 'taken-over@keys.test', currentPassword: 'test-password-1' },
    },
    { route: 'POST /api/auth/logout-everywhere', body: {} },
    { route: 'POST /api/auth/api-keys', body: { name: 'another' } },
  ])(
    'refuses $route to a request made with a key (403), and the account is unchanged',
    async ({ route, body }) => {
      const owner = await h.person('agent');
      const key = (await h.makeKey(owner)).json().key as string;
      const [method, url] = route.split(' ') as ['POST', string];
      const res = await h.send({ method, url, headers: bearer(key), payload: body });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      // The owner's session and the key both live on; the password is the old one.
      expect((await h.send({ method: 'GET', url: '/api/auth/me', headers: owner.headers })).statusCode).toBe(
        200,
      );
      expect((await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(key) })).statusCode).toBe(
        200,
      );
      const login = await h.send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: 'test-password-1' },
      });
      expect(login.statusCode).toBe(200);
    },
  );

  it('counts making and revoking keys in the built-in account window (30 per 10 minutes per user)', async () => {
    const owner = await h.person('agent');
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await h.makeKey(owner, { name: `burst ${i}` })).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(30);
    expect(answers[30]).toBe(429);
    const listed = await h.send({ method: 'GET', url: '/api/auth/api-keys', headers: owner.headers });
    expect(listed.statusCode).toBe(200);
    const del = await h.send({
      method: 'DELETE',
      url: `/api/auth/api-keys/${listed.json().items[0].id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(429);
    expect(Number(del.headers['retry-after'])).toBeGreaterThan(0);
    h.t.clock.advance({ minutes: 11 });
  });

  it('an admin gives a service account a key; the account acts through it and never signs in', async () => {
    const service = await h.account('integration');
    const made = await h.makeKey(admin, { name: 'Zapier', userId: service.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ userId: service.id, role: 'integration' });
    const me = await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(made.json().key) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: service.id, role: 'integration' });
    // Listed for the admin who names it, refused to anyone else.
    const listed = await h.send({
      method: 'GET',
      url: `/api/auth/api-keys?userId=${service.id}`,
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((k: { id: string }) => k.id)).toEqual([made.json().id]);
    const snooped = await h.send({
      method: 'GET',
      url: `/api/auth/api-keys?userId=${service.id}`,
      headers: agent.headers,
    });
    expect(snooped.statusCode).toBe(403);
    const person = await h.send({
      method: 'GET',
      url: `/api/auth/api-keys?userId=${agent.id}`,
      headers: admin.headers,
    });
    expect(person.statusCode).toBe(403);
    // No password signs it in: it has none, and one set behind the app's back does not either.
    for (const password of ['', 'test-password-1', 'demo-password-1']) {
      const res = await h.send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: service.email, password },
      });
      expect(res.statusCode).toBe(401);
    }
    await setPassword(h.t.db, service.id, 'a-set-password-1', h.t.clock.now());
    const forced = await h.send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: service.email, password: 'a-set-password-1' },
    });
    expect(forced.statusCode).toBe(401);
    expect(forced.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('revokes: the owner their own, an admin any; another’s key is NOT_FOUND', async () => {
    const other = await h.person('agent');
    const mine = (await h.makeKey(agent)).json();
    const theirs = (await h.makeKey(other)).json();
    const del = (id: string, headers: Record<string, string>) =>
      h.send({ method: 'DELETE', url: `/api/auth/api-keys/${id}`, headers });
    expect((await del(theirs.id, agent.headers)).statusCode).toBe(404);
    expect(
      (await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(theirs.key) })).statusCode,
    ).toBe(200);
    expect((await del(mine.id, agent.headers)).statusCode).toBe(204);
    expect((await del(mine.id, agent.headers)).statusCode).toBe(404);
    expect((await del(theirs.id, admin.headers)).statusCode).toBe(204);
    for (const key of [mine.key, theirs.key]) {
      const res = await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(key) });
      expect(res.statusCode).toBe(401);
    }
    const ids = (await h.send({ method: 'GET', url: '/api/auth/api-keys', headers: agent.headers }))
      .json()
      .items.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(mine.id);
  });

  it('bug: revoking a key by an id with a NUL byte answered 500 on PostgreSQL', async () => {
    // Found by the route fuzz: an id that is no UUID, a NUL byte even, is NOT_FOUND.
    const mine = (await h.makeKey(agent)).json();
    for (const id of ['%00', 'not-a-key', `${mine.id}x`]) {
      const res = await h.send({ method: 'DELETE', url: `/api/auth/api-keys/${id}`, headers: agent.headers });
      expect([res.statusCode, res.json().code], id).toEqual([404, 'NOT_FOUND']);
    }
    // And the key is still there.
    const list = await h.send({ method: 'GET', url: '/api/auth/api-keys', headers: agent.headers });
    expect(list.json().items.map((k: { id: string }) => k.id)).toContain(mine.id);
  });
});
