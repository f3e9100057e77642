/**
 * `ninefold backup <file> [appDir] [--force]`: copies the app's SQLite database, as of one
 * moment, into `<file>` while the server keeps serving. PostgreSQL has its own tool.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase, sqliteProblems } from '@ninefold/server';
import { CliError, type Command, UsageError } from '../command';
import { databaseLocation } from '../database-location';

/**
 * The `backup` command: 0 once the copy is whole and sound; 1 if the file exists (without
 * `--force`), the database is PostgreSQL, or the copy fails its integrity check.
 * @example await backup.run({ positionals: ['backups/monday.db', 'examples/helpdesk'], values: {} }, io)
 */
export const backup: Command = {
  usage: 'backup <file> [appDir] [--force]',
  options: { force: { type: 'boolean' } },
  async run({ positionals, values }, io) {
    const [to, appDir = '.', ...extra] = positionals;
    if (!to || extra.length > 0)
      throw new UsageError('takes the backup file, then at most one app directory');
    const where = databaseLocation(appDir, io.cwd, io.env);
    if (!where.sqliteFile) {
      throw new CliError(
        `${where.label} is PostgreSQL: back it up with its own tools, e.g. pg_dump --format=custom --file=<file> "$DATABASE_URL" (see the deployment guide)`,
      );
    }
    if (!existsSync(where.sqliteFile)) throw new CliError(`there is no database at ${where.sqliteFile} yet`);
    const file = resolve(io.cwd, to);
    if (existsSync(file) && values.force !== true) throw new CliError(`${file} exists (--force replaces it)`);
    // Written beside the target and renamed: a failed or interrupted backup leaves no
    // half-written file under the name an operator would restore from.
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    const db = openDatabase(where.sqliteFile);
    try {
      await db.backup!(partial);
    } finally {
      await db.close();
    }
    const problems = await sqliteProblems(partial);
    if (problems.length > 0) {
      rmSync(partial, { force: true });
      throw new CliError(`the copy is not sound, so it was removed: ${problems.slice(0, 5).join('; ')}`);
    }
    renameSync(partial, file);
    const mb = (statSync(file).size / 1_048_576).toFixed(1);
    io.out(`✓ backed up ${where.label} to ${file} (${mb} MB, integrity checked)`);
    return 0;
  },
};
