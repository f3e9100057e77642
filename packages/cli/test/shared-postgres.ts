/**
 * A PostgreSQL database of its own for a CLI test that starts several server processes: a
 * fresh schema in TEST_DATABASE_URL's database, named in the URL's search_path, dropped after.
 * Without TEST_DATABASE_URL such tests are skipped with a notice; in CI, where it must be
 * set, the run fails instead.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL;

if (!PG_URL && process.env.CI) throw new Error('TEST_DATABASE_URL must be set in CI (see .ci/run).');

export interface SharedPostgres {
  /** What `DATABASE_URL` is set to for every process of the test. */
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * @example const db = await sharedPostgres(); … await db.drop();
 */
export async function sharedPostgres(): Promise<SharedPostgres> {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `cli_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
