/**
 * `ninefold backup <file> [appDir] [--force]`: copies the app's SQLite database, as of one
 * moment, into `<file>`, and its files into `<file>.files/`, while the server keeps serving.
 * PostgreSQL has its own tool.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type FileStore, localStore, openDatabase, sqliteProblems } from '@ninefold/server';
import { consistentBackup, type FilesCopied } from '../backup-files';
import { CliError, type Command, UsageError } from '../command';
import { databaseLocation } from '../database-location';
import { fileEnv } from '../file-env';

/**
 * The `backup` command: 0 once the copy is whole and sound and holds every file its records
 * name; 1 if the file exists (without `--force`), the database is PostgreSQL, or the copy
 * fails its integrity check.
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
        `${where.label} is PostgreSQL: back it up with its own tools, e.g. pg_dump --format=custom --file=<file> "$DATABASE_URL", and its files as the files guide says (copy them before the dump)`,
      );
    }
    const sqliteFile = where.sqliteFile;
    if (!existsSync(sqliteFile)) throw new CliError(`there is no database at ${sqliteFile} yet`);
    const file = resolve(io.cwd, to);
    const filesDir = `${file}.files`;
    if ((existsSync(file) || existsSync(filesDir)) && values.force !== true)
      throw new CliError(`${existsSync(file) ? file : filesDir} exists (--force replaces it)`);
    const { store } = fileEnv(io.env ?? process.env, where.dataDir);
    // Written beside the target and renamed: a failed or interrupted backup leaves no
    // half-written file under the name an operator would restore from.
    const partial = `${file}.partial`;
    const partialFiles = `${filesDir}.partial`;
    rmSync(partial, { force: true });
    rmSync(partialFiles, { recursive: true, force: true });
    mkdirSync(partialFiles, { recursive: true });
    const copyDatabase = async () => {
      rmSync(partial, { force: true });
      const db = openDatabase(sqliteFile);
      try {
        await db.backup!(partial);
      } finally {
        await db.close();
      }
    };
    let copied: FilesCopied;
    try {
      copied = await consistentBackup(store, localStore(partialFiles), copyDatabase, partial);
      const problems = await sqliteProblems(partial);
      if (problems.length > 0)
        throw new CliError(`the copy is not sound, so it was removed: ${problems.slice(0, 5).join('; ')}`);
    } catch (e) {
      rmSync(partial, { force: true });
      rmSync(partialFiles, { recursive: true, force: true });
      throw e instanceof CliError
        ? e
        : new CliError(`the backup failed, and nothing was kept: ${(e as Error).message}`);
    } finally {
      await store.close?.();
    }
    // The database last: a backup whose database is in place has its files in place too.
    rmSync(join(partialFiles, '.tmp'), { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
    renameSync(partialFiles, filesDir);
    renameSync(partial, file);
    const mb = (statSync(file).size / 1_048_576).toFixed(1);
    io.out(`✓ backed up ${where.label} to ${file} (${mb} MB, integrity checked)`);
    io.out(`✓ and its files from ${store.label} to ${filesDir} (${filesLine(copied)})`);
    if (!isDisk(store)) io.out(S3_NOTE);
    return 0;
  },
};

function filesLine(c: FilesCopied): string {
  const mb = (c.bytes / 1_048_576).toFixed(1);
  const again =
    c.databaseCopies > 1 ? `; the database copied ${c.databaseCopies} times, as removals raced it` : '';
  return `${c.files} file${c.files === 1 ? '' : 's'}, ${mb} MB, every file the database names${again}`;
}

function isDisk(store: FileStore): boolean {
  return store.label.startsWith('disk ');
}

const S3_NOTE =
  '  A bucket too large to copy this way: keep versioning on for it (a removed file stays as an older version), or `aws s3 sync` it before each backup; see the files guide.';
