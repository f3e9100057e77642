/**
 * The realtime hub's own reads of related rows (`select * from "<entity>" where id = …`),
 * intercepted: made to fail as a dropped PostgreSQL connection would, or held until a gate
 * opens so events back up behind one dispatch. Every other query of the database passes.
 */
import type { CompiledQuery } from 'kysely';
import type { Database } from '../../src/db/database';

type All = Database['all'];

/**
 * Runs `around` in place of the database's `all` for the hub's reads of `entity`'s rows;
 * answers a function that puts the database back.
 * @example const restore = interceptHubLoads(h.nf.core.db, 'tickets', () => Promise.reject(new Error('reset')));
 */
export function interceptHubLoads(
  db: Database,
  entity: string,
  around: (query: CompiledQuery, pass: () => Promise<unknown[]>) => Promise<unknown[]>,
): () => void {
  const target = db as { all: All };
  const original = target.all;
  const load = new RegExp(`^select \\* from "${entity}" where id = `);
  target.all = ((query: CompiledQuery) => {
    const pass = () => original.call(db, query) as Promise<unknown[]>;
    return 'sql' in query && load.test(query.sql) ? around(query, pass) : pass();
  }) as All;
  return () => {
    target.all = original;
  };
}
