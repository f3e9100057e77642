/**
 * The query app running in-process on a fresh database of one dialect, with a signed-in user
 * of each role and helpers to seed orders as the system and to call the API.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { freshDatabase, type TestDatabase } from '../test-databases';
import { queryApp } from './query-app';

export type Rec = Record<string, any>;

export interface QueryWorld {
  readonly nf: Ninefold;
  readonly member: TestUser;
  readonly guest: TestUser;
  readonly clerk: TestUser;
  readonly admin: TestUser;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** GET as a user (or signed out when `who` is null). */
  get(url: string, who: TestUser | null): Promise<LightMyRequestResponse>;
  /** Creates an order as the system; returns its record. */
  order(fields: Rec): Promise<Rec>;
  /** Deletes every order (as the system, straight in the table). */
  clearOrders(): Promise<void>;
  /** Every order as stored, read as the system. */
  allOrders(): Promise<Rec[]>;
  close(): Promise<void>;
}

/**
 * @example const w = await queryWorld('sqlite'); await w.order({ region: 'north' });
 */
export async function queryWorld(dialect: DialectName): Promise<QueryWorld> {
  const tdb: TestDatabase = await freshDatabase(dialect);
  const nf = await createNinefold(queryApp, { database: tdb.url, logger: false });
  const [member, guest, clerk, admin] = await Promise.all(
    ['member', 'guest', 'clerk', 'admin'].map((r) => sessionUser(nf, r)),
  );
  const request = (o: InjectOptions) => nf.server.inject(o);
  return {
    nf,
    member: member!,
    guest: guest!,
    clerk: clerk!,
    admin: admin!,
    request,
    get: (url, who) => request({ method: 'GET', url, headers: who?.headers ?? {} }),
    order: async (fields) => (await nf.core.create(null, 'orders', fields, true)) as Rec,
    clearOrders: async () => {
      await nf.db.run(nf.db.qb.deleteFrom('orders'));
    },
    allOrders: async () => {
      const scope = nf.core.scope(null, true);
      const out: Rec[] = [];
      let cursor: string | undefined;
      do {
        const q = readListQuery(scope, 'orders', { limit: '10', ...(cursor ? { cursor } : {}) });
        const page = await listRecords(scope, 'orders', q);
        out.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return out;
    },
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}

/** The JSON body of a 200 answer, failing the test with the body otherwise. */
export function ok(res: LightMyRequestResponse): any {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
