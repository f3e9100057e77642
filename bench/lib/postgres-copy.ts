/**
 * The seeded tickets on PostgreSQL: the run's SQLite file copied, table by table, into a
 * schema of its own (made by the helpdesk's own `syncSchema`), kept between runs and named
 * after the seeded file, so a schema change or a new seed makes a new copy. Rows the suite
 * adds are deleted at its end, so each run starts from the same data.
 */
import { basename } from 'node:path';
import { openDatabase, syncSchema } from '@ninefold/server';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import app from '../../examples/helpdesk/app';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server. */
export const BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const BATCH = 10_000;
const SKIP = new Set(['nf_migrations', 'nf_sessions']);

/** A URL whose connections use `schema`. */
export function schemaUrl(schema: string): string {
  const url = new URL(BENCH_PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * The schema holding a copy of `seeded` (the cached seed file, not the run's copy), made
 * now if it is missing; answers its connection URL.
 * @example const url = await postgresCopy(seeded);
 */
export async function postgresCopy(seeded: string): Promise<string> {
  const schema = `bench_${basename(seeded, '.db').replace(/[^a-z0-9]/gi, '_')}`.toLowerCase();
  const url = schemaUrl(schema);
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  try {
    const done = await admin.query('select 1 from pg_tables where schemaname = $1 and tablename = $2', [
      schema,
      'nf_bench_done',
    ]);
    if (done.rowCount) return url;
    console.log(`Copying the seeded tickets into PostgreSQL schema ${schema} (once per seed)…`);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const started = Date.now();
  const db = openDatabase(url);
  await syncSchema(db, app);
  await db.close();
  await fill(seeded, url);
  // Indexes were dropped for the copy: the spec's own schema sync builds them again.
  const again = openDatabase(url);
  await syncSchema(again, app);
  await again.exec('create table nf_bench_done (at timestamptz)');
  await again.exec('analyze');
  await again.close();
  console.log(`Copied in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return url;
}

async function fill(seeded: string, url: string): Promise<void> {
  const lite = new BetterSqlite3(seeded, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The copy goes in table by table, not in reference order.
    await client.query('set session_replication_role = replica');
    const tables = lite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const table of tables.filter((t) => !SKIP.has(t))) {
      const types = await client.query<{ column_name: string; data_type: string }>(
        'select column_name, data_type from information_schema.columns where table_name = $1 and table_schema = current_schema()',
        [table],
      );
      if (types.rowCount === 0) continue;
      const indexes = await client.query<{ indexname: string }>(
        "select indexname from pg_indexes where tablename = $1 and schemaname = current_schema() and indexname not like '%_pkey'",
        [table],
      );
      for (const ix of indexes.rows) await client.query(`drop index "${ix.indexname}"`);
      const cols = types.rows.map((c) => c.column_name);
      const select = lite.prepare(`select ${cols.map((c) => `"${c}"`).join(', ')} from "${table}"`).raw();
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const arrays = cols.map((_, i) => batch.map((row) => (row[i] === null ? null : String(row[i]))));
        const casts = types.rows.map((c, i) => `c${i}::${c.data_type === 'ARRAY' ? 'text' : c.data_type}`);
        await client.query(
          `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')})
           select ${casts.join(', ')} from unnest(${cols.map((_, i) => `$${i + 1}::text[]`).join(', ')})
           as t(${cols.map((_, i) => `c${i}`).join(', ')})`,
          arrays,
        );
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
  } finally {
    await client.end();
    lite.close();
  }
}
