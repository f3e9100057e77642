/**
 * `ninefold restore <file> [appDir] [--force]`: puts a backup made by `ninefold backup` in
 * the place of the app's SQLite database, and its files (`<file>.files/`) into the app's file
 * store. The server must be stopped first.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { localStore, restoreSqliteFile, sqliteInUse, sqliteProblems } from '@ninefold/server';
import { pruneStore, restoreFiles } from '../backup-files';
import { CliError, type Command, UsageError } from '../command';
import { databaseLocation } from '../database-location';
import { fileEnv } from '../file-env';

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
    // The files before the database: a restore cut short leaves the old database beside extra
    // files, never the new one naming files not yet there. Run again, it finishes the job.
    const filesDir = `${file}.files`;
    if (!existsSync(filesDir)) {
      restoreDatabase(file, where.sqliteFile);
      io.out(`✓ restored ${where.label} from ${file}`);
      io.out('  no files beside it (a backup made before files, or by hand): the file store is as it was');
      return 0;
    }
    const { store } = fileEnv(io.env ?? process.env, where.dataDir);
    try {
      let keys: Set<string>;
      try {
        keys = await restoreFiles(localStore(filesDir), store);
      } catch (e) {
        throw new CliError(
          `restoring the files failed, and the database was left as it was: ${(e as Error).message}`,
        );
      }
      restoreDatabase(file, where.sqliteFile);
      io.out(`✓ restored ${where.label} from ${file}`);
      // Only now: until the database was replaced, the old one could name these.
      const pruned = await pruneStore(store, keys);
      const extra = pruned > 0 ? `; removed ${pruned} the backup did not hold` : '';
      io.out(
        `✓ and ${keys.size} file${keys.size === 1 ? '' : 's'} from ${filesDir} into ${store.label}${extra}`,
      );
    } finally {
      await store.close?.();
    }
    return 0;
  },
};

function restoreDatabase(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  restoreSqliteFile(from, to);
}
