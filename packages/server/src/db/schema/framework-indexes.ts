/**
 * The indexes Ninefold itself made, read from its own record of what it ran
 * (`nf_migrations.statements`). Schema sync drops only these when the spec stops needing
 * them: an index an operator added by hand, whatever its name, is theirs and stays.
 */
import { sql } from 'kysely';
import type { Executor } from '../database';

// The shapes `createIndexSql` and schema sync write, names quoted by `ident`.
const INDEX_STATEMENT = /\b(CREATE (?:UNIQUE )?INDEX|DROP INDEX) "((?:[^"]|"")+)"/g;

/**
 * The names of the indexes our recorded migrations created and did not drop since, in the
 * order they ran: an index we dropped and an operator later made again under the same
 * name is not ours.
 * @example const ours = await frameworkIndexes(tx); ours.has('ix_tickets_status')
 */
export async function frameworkIndexes(exec: Executor, migrations = 'nf_migrations'): Promise<Set<string>> {
  const rows = await exec.all<{ statements: string }>(
    sql`select statements from ${sql.table(migrations)} order by id`.compile(exec.qb),
  );
  const ours = new Set<string>();
  for (const { statements } of rows) {
    for (const [, verb, quoted] of statements.matchAll(INDEX_STATEMENT)) {
      const name = quoted!.replaceAll('""', '"');
      if (verb === 'DROP INDEX') ours.delete(name);
      else ours.add(name);
    }
  }
  return ours;
}
