/**
 * An app with API keys in use, in-process on one dialect with a pinned clock: people of any
 * role signed in, keys made through the HTTP API, requests sent with a session or a key.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '@ninefold/spec';
import { createTestApp, TEST_PASSWORD, type TestApp } from '@ninefold/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DialectName } from '../../src/db/database';

export interface Person {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  /** Headers that authenticate with the person's session. */
  readonly headers: Record<string, string>;
}

export interface KeyHarness {
  readonly t: TestApp<App>;
  send(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A new account of the role, signed in. */
  person(role: string): Promise<Person>;
  /** A new account of the role with no password (a service account), made by the system. */
  account(role: string): Promise<{ id: string; email: string }>;
  /** `POST /api/auth/api-keys` as `who`. */
  makeKey(who: Person, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Headers that authenticate with a key.
 * @example await h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(key) });
 */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * @example const h = await keyHarness(keysApp(), 'sqlite'); const agent = await h.person('agent');
 */
export async function keyHarness(app: App, dialect: DialectName): Promise<KeyHarness> {
  const t = await createTestApp(app, {
    database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
    listen: false,
    clock: '2030-01-01T09:00:00Z',
  });
  const send = (o: InjectOptions) => t.inject(o);
  const account = async (role: string) => {
    const email = `${role}-${randomUUID().slice(0, 8)}@keys.test`;
    const user = await t.core.create(null, 'users', { email, name: `A ${role}`, role }, true);
    return { id: String(user.id), email };
  };
  return {
    t,
    send,
    account,
    person: async (role) => {
      const email = `${role}-${randomUUID().slice(0, 8)}@keys.test`;
      await t.createUser(role as never, { email, password: TEST_PASSWORD });
      const res = await send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login as ${role}: ${res.body}`);
      const { token, user } = res.json() as { token: string; user: { id: string } };
      return { id: user.id, email, role, headers: bearer(token) };
    },
    makeKey: (who, body = { name: 'a key' }) =>
      send({ method: 'POST', url: '/api/auth/api-keys', headers: who.headers, payload: body }),
    close: () => t.close(),
  };
}
