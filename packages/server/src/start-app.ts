/**
 * One call from a spec to a running backend: open the database, bring its schema to the
 * spec, build the core and the HTTP server.
 */
import type { App } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { changeBusFor } from './core/changes/change-bus';
import { type Core, type CoreOptions, createCore } from './core/ninefold-core';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { syncSchema } from './db/schema/sync-schema';
import { buildServer, type ServerOptions } from './http/build-server';

export interface NinefoldOptions extends CoreOptions, ServerOptions {
  /** `postgres://…`, `sqlite:<file>`, a file path, or `:memory:`. */
  readonly database: string | Database;
  readonly allowDestructive?: boolean;
}

export interface Ninefold {
  readonly core: Core;
  readonly db: Database;
  readonly server: FastifyInstance;
  close(): Promise<void>;
}

/**
 * @example
 * const nf = await createNinefold(app, { database: ':memory:' });
 * const res = await nf.server.inject({ method: 'GET', url: '/api/health' });
 */
export async function createNinefold(app: App, options: NinefoldOptions): Promise<Ninefold> {
  const db = typeof options.database === 'string' ? openDatabase(options.database) : options.database;
  await syncSchema(db, app, { allowDestructive: options.allowDestructive ?? false });
  // Decided by the database, not by the form it came in: a CLI start hands it in opened, and
  // took the in-process bus on PostgreSQL before, so its processes never heard each other.
  const bus = await changeBusFor(db);
  const core = createCore(app, db, { bus, ...(options.now ? { now: options.now } : {}) });
  const server = await buildServer(core, options);
  return {
    core,
    db,
    server,
    close: async () => {
      await server.close();
      await bus.close();
      await db.close();
    },
  };
}
