/**
 * `ninefold restore <file> [appDir] [--force]`: puts a backup made by `ninefold backup` in
 * the place of the app's SQLite database. The server must be stopped first.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { restoreSqliteFile, sqliteInUse, sqliteProblems } from '@ninefold/server';
import { CliError, type Command, UsageError } from '../command';
import { databaseLocation } from '../database-location';

/**
 * The `restore` command: checks the backup first, and refuses to replace a database that
 * exists (without `--force`) or that looks in use.
 * @example await restore.run({ positionals: ['backups/monday.db', 'examples/helpdesk'], values: { force: true } }, io)
 */
export const restore: Command = {
  usage: 'restore <file> [appDir] [--force]',
  options: { force: { type: 'boolean' } },
  async run({ positionals, values }, io) {
    const [from, appDir = '.', ...extra] = positionals;
    if (!from || extra.length > 0)
      throw new UsageError('takes the backup file, then at most one app directory');
    const where = databaseLocation(appDir, io.cwd, io.env);
    if (!where.sqliteFile) {
      throw new CliError(`${where.label} is PostgreSQL: restore it with its own tools, e.g. pg_restore`);
    }
    const file = resolve(io.cwd, from);
    if (!existsSync(file)) throw new CliError(`there is no backup at ${file}`);
    const problems = await sqliteProblems(file).catch((e: Error) => [e.message]);
    if (problems.length > 0)
      throw new CliError(`${file} is not a sound database: ${problems.slice(0, 5).join('; ')}`);
    if (existsSync(where.sqliteFile)) {
      if (values.force !== true)
        throw new CliError(`${where.label} exists (--force replaces it with the backup)`);
      if (sqliteInUse(where.sqliteFile)) {
        throw new CliError(
          `${where.label} looks in use (its write-ahead log is there): stop the server first; after a crash, \`ninefold migrate\` opens and closes it cleanly`,
        );
      }
    }
    mkdirSync(dirname(where.sqliteFile), { recursive: true });
    restoreSqliteFile(file, where.sqliteFile);
    io.out(`✓ restored ${where.label} from ${file}`);
    return 0;
  },
};
