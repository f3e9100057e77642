/**
 * The helpdesk running in-process for HTTP tests: a fresh database of one dialect, the
 * server reached through `fastify.inject`, and signed-in users of every role.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import app from '../../../examples/helpdesk/app';
import { setPassword } from '../src/core/accounts/accounts';
import type { DialectName } from '../src/db/database';
import type { RealtimeOptions } from '../src/realtime/realtime-hub';
import { createNinefold, type Ninefold } from '../src/start-app';
import { freshDatabase } from './test-databases';

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
  const tdb = await freshDatabase(dialect);
  const nf = await createNinefold(app, {
    database: tdb.url,
    ...(options.now ? { now: options.now } : {}),
    ...(options.realtime ? { realtime: options.realtime } : {}),
  });
  const request = (o: InjectOptions) => nf.server.inject(o);
  return {
    nf,
    dialect,
    url: tdb.url,
    request,
    user: async (role, name) => {
      counter += 1;
      const email = `${role}${counter}-${Date.now()}@test.example`;
      const user = await nf.core.create(
        null,
        'users',
        { email, name: name ?? `${role} ${counter}`, role },
        true,
      );
      await setPassword(nf.db, String(user.id), PASSWORD, new Date());
      const res = await request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const token = res.json().token as string;
      return { id: String(user.id), email, role, token, headers: { authorization: `Bearer ${token}` } };
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
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}
