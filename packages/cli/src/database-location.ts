/**
 * Where an app's data lives: `DATABASE_URL` when set (PostgreSQL), else an embedded SQLite
 * file at `${DATA_DIR ?? <appDir>/.data}/app.db`. The data directory is there either way: the
 * disk file store keeps its files under it, whatever the database.
 */
import { join, resolve } from 'node:path';

export interface DatabaseLocation {
  /** What `openDatabase` takes. */
  readonly url: string;
  /** The same, fit to print: a password in the URL is masked. */
  readonly label: string;
  /** The SQLite file, when it is one. */
  readonly sqliteFile?: string;
  /**
   * `DATA_DIR`, else `<appDir>/.data`: the SQLite file's directory and the disk file store's
   * home (on PostgreSQL too). Written to at run time, so `dev` must not watch it.
   */
  readonly dataDir: string;
}

/**
 * @example databaseLocation('examples/helpdesk', '/repo', {}).url // '/repo/examples/helpdesk/.data/app.db'
 * @example databaseLocation('.', '/repo', { DATABASE_URL: 'postgres://db/app' }).dataDir // '/repo/.data'
 * @example databaseLocation('.', '/repo', { DATABASE_URL: 'postgres://u:secret@db/app' }).label
 * // 'postgres://u:***@db/app'
 */
export function databaseLocation(
  appDir: string,
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): DatabaseLocation {
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || join(appDir, '.data'));
  const url = env.DATABASE_URL?.trim();
  if (url) return { url, label: masked(url), dataDir };
  const file = join(dataDir, 'app.db');
  return { url: file, label: `SQLite ${file}`, sqliteFile: file, dataDir };
}

function masked(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    // Not a URL (e.g. `sqlite:file`): nothing in it to hide.
    return url;
  }
}
