/**
 * An app with its database open and its schema brought to the spec: what `seed` and
 * `admin create` work on, without an HTTP server.
 */
import {
  AppError,
  type Core,
  createCore,
  type Database,
  DestructiveChangeError,
  openDatabase,
  syncSchema,
} from '@ninefold/server';
import type { App } from '@ninefold/spec';
import { CliError } from './command';
import { type DatabaseLocation, databaseLocation } from './database-location';
import { loadCheckedApp } from './load-app';

export interface OpenApp {
  readonly app: App;
  readonly db: Database;
  readonly core: Core;
  readonly where: DatabaseLocation;
}

/**
 * Loads `<appDir>/app.ts`, opens its database and applies additive schema changes; a
 * destructive one is refused with its message, and the database closed again.
 * @example
 * const { core, db } = await openApp('examples/helpdesk', process.cwd(), process.env);
 * try { … } finally { await db.close(); }
 */
export async function openApp(
  appDir: string,
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<OpenApp> {
  const app = await loadCheckedApp(appDir, cwd);
  const where = databaseLocation(appDir, cwd, env);
  const db = openDatabase(where.url);
  try {
    await syncSchema(db, app);
  } catch (e) {
    await db.close();
    throw cliError(e);
  }
  return { app, db, core: createCore(app, db), where };
}

/**
 * A failure worth one line to the user as a CliError: a refused schema change, or a
 * catalogue error with its failing fields; anything else is passed on untouched.
 * @example throw cliError(new DestructiveChangeError(changes)) // '✗ The spec needs destructive…'
 */
export function cliError(e: unknown): unknown {
  if (e instanceof DestructiveChangeError) return new CliError(e.message);
  if (e instanceof AppError) {
    const details = e.issues.map((i) => `${i.path ? `${i.path}: ` : ''}${i.message}`);
    return new CliError(details.length > 0 ? details.join('; ') : e.code);
  }
  return e;
}

/**
 * Whether the database has any account: demo data goes only into one that has none.
 * @example if (!(await hasUsers(db))) await seed(core);
 */
export async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.all(db.qb.selectFrom('users').select('id').limit(1));
  return rows.length > 0;
}
