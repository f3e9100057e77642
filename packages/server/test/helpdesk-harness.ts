/**
 * The helpdesk running in-process for HTTP tests, over the test kit: a fresh database of one
 * dialect, the server reached through `fastify.inject`, and signed-in users of every role.
 */

import app from '@ninefold/example-helpdesk';
import { createTestApp, testClock } from '@ninefold/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DialectName } from '../src/db/database';
import type { RealtimeOptions } from '../src/realtime/realtime-hub';
import type { Ninefold } from '../src/start-app';

export const PASSWORD = 'demo-password-1';

export interface TestUser {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly token: string;
  /** Headers that authenticate as this user. */
  readonly headers: Record<string, string>;
}

export interface Harness {
  readonly nf: Ninefold;
  readonly dialect: DialectName;
  /** The database's URL, for a second process on it. */
  readonly url: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a user of a role (as the system) and signs them in. */
  user(role: 'customer' | 'agent' | 'admin', name?: string): Promise<TestUser>;
  /** Creates a ticket as a customer; returns its record. */
  ticket(customer: TestUser, fields?: Record<string, unknown>): Promise<Record<string, any>>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * @example const h = await startHelpdesk('sqlite'); const alice = await h.user('customer');
 */
export async function startHelpdesk(
  dialect: DialectName,
  options: { now?: () => Date; realtime?: RealtimeOptions } = {},
): Promise<Harness> {
  const t = await createTestApp(app, {
    // A file, not memory: a test may open a second process on it.
    database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
    listen: false,
    // The tests' own clocks are functions; the kit's clock reads them.
    ...(options.now ? { clock: { ...testClock(), now: options.now } } : {}),
    ...(options.realtime ? { server: { realtime: options.realtime } } : {}),
  });
  const request = (o: InjectOptions) => t.inject(o);
  return {
    nf: t.nf,
    dialect,
    url: t.databaseUrl,
    request,
    user: async (role, name) => {
      counter += 1;
      const email = `${role}${counter}-${Date.now()}@test.example`;
      await t.createUser(role, { email, name: name ?? `${role} ${counter}`, password: PASSWORD });
      const res = await request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const { token, user } = res.json() as { token: string; user: { id: string } };
      return { id: user.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
    },
    ticket: async (customer, fields = {}) => {
      const res = await request({
        method: 'POST',
        url: '/api/entities/tickets',
        headers: customer.headers,
        payload: { subject: 'Printer is on fire', description: 'Please help.', ...fields },
      });
      if (res.statusCode !== 201) throw new Error(`ticket failed: ${res.body}`);
      return res.json();
    },
    close: () => t.close(),
  };
}
