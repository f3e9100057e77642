/**
 * PostgreSQL through `pg`. Several server processes may share one database: every write
 * runs in its own transaction on a pooled connection, and a transaction that must not race
 * another (a quota count, a state change) locks its row first with `FOR UPDATE`.
 */

import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import pg from 'pg';
import { compiled, type Database, type Executor, type Row } from '../database';
import { postgresDialect } from './postgres-dialect';

// Timestamps travel as ISO-8601 strings, the same as on SQLite; int8 counts as numbers.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function postgresBuilder(): Kysely<any> {
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

type Queryable = pg.Pool | pg.PoolClient;

function executor(qb: Kysely<any>, conn: Queryable): Executor {
  return {
    dialect: postgresDialect,
    qb,
    all: async <R = Row>(q: Compilable | CompiledQuery) => {
      const c = compiled(q);
      return (await conn.query(c.sql, c.parameters as unknown[])).rows as R[];
    },
    run: async (q) => {
      const c = compiled(q);
      return (await conn.query(c.sql, c.parameters as unknown[])).rowCount ?? 0;
    },
  };
}

/**
 * Connects to PostgreSQL.
 * @example const db = openPostgres('postgres://postgres@127.0.0.1:5432/test');
 */
export function openPostgres(url: string, options: { poolSize?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client's error (a restarted server) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const qb = postgresBuilder();
  return {
    ...executor(qb, pool),
    transaction: async (fn, options) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx = executor(qb, client);
        if (options?.lock) await postgresDialect.lockRow(tx, options.lock.table, options.lock.id);
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
    sharedUrl: url,
  };
}
