/**
 * SQLite database files as files: whether one is sound, and putting a backup in a server's
 * place. What `ninefold backup` and `ninefold restore` need below the command line.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';

/**
 * SQLite's `integrity_check` of a file, read only: `[]` when it is sound, else its findings.
 * @example expect(await sqliteProblems('backup.db')).toEqual([]);
 */
export async function sqliteProblems(file: string): Promise<string[]> {
  const conn = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const rows = conn.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  } finally {
    conn.close();
  }
}

/**
 * Puts a copy of `backup` where `target` is, whole or not at all: copied beside it, then
 * renamed over it, with the old file's write-ahead log removed so it cannot be replayed onto
 * the restored pages. The server must be stopped first.
 * @example restoreSqliteFile('backups/monday.db', '.data/app.db');
 */
export function restoreSqliteFile(backup: string, target: string): void {
  const staged = `${target}.restoring`;
  copyFileSync(backup, staged);
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  renameSync(staged, target);
}

/**
 * Whether a server (or a crash) left the database's write-ahead log beside it: SQLite removes
 * it when the last connection closes cleanly, so a live one means "in use, or not closed".
 * @example if (sqliteInUse('.data/app.db')) refuse();
 */
export function sqliteInUse(file: string): boolean {
  return existsSync(`${file}-wal`);
}
