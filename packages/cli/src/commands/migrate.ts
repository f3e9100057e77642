/**
 * `ninefold migrate [appDir] [--dry-run] [--allow-destructive]`: shows the schema changes the
 * spec needs and applies them. `start` applies additive changes by itself; this is the one
 * place a destructive change (a dropped or retyped column) can be allowed.
 */
import { existsSync } from 'node:fs';
import { openDatabase, planChanges, syncSchema } from '@ninefold/server';
import { appDirArg } from '../app-dir-arg';
import type { Command } from '../command';
import { databaseLocation } from '../database-location';
import { loadCheckedApp } from '../load-app';
import { cliError } from '../open-app';

/**
 * The `migrate` command: 0 when the database matches the spec afterwards (or, with
 * `--dry-run`, once the plan is printed), 1 when a destructive change was not allowed.
 * @example await migrate.run({ positionals: ['examples/helpdesk'], values: { 'dry-run': true } }, io)
 * // prints "31 changes for SQLite …/app.db:" then "  + create table users", …
 */
export const migrate: Command = {
  usage: 'migrate [appDir] [--dry-run] [--allow-destructive]',
  options: { 'dry-run': { type: 'boolean' }, 'allow-destructive': { type: 'boolean' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const dryRun = values['dry-run'] === true;
    const app = await loadCheckedApp(appDir, io.cwd);
    const where = databaseLocation(appDir, io.cwd, io.env);
    // A dry run must not create the SQLite file it reports on: plan against an empty database.
    const absent = where.sqliteFile !== undefined && !existsSync(where.sqliteFile);
    const db = openDatabase(dryRun && absent ? ':memory:' : where.url);
    try {
      const changes = await planChanges(db, app);
      if (changes.length === 0) {
        io.out(`✓ ${where.label} already matches the spec`);
        return 0;
      }
      const n = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
      io.out(`${n} for ${where.label}${absent ? ' (a new database)' : ''}:`);
      for (const c of changes) io.out(`  ${c.destructive ? '! ' : '+ '}${c.description}`);
      if (changes.some((c) => c.destructive)) io.out('(! marks a destructive change: data is lost)');
      if (dryRun) {
        io.out('Dry run: nothing was changed.');
        return 0;
      }
      const applied = await syncSchema(db, app, { allowDestructive: values['allow-destructive'] === true });
      io.out(`✓ applied ${applied.length} change${applied.length === 1 ? '' : 's'}`);
      return 0;
    } catch (e) {
      throw cliError(e);
    } finally {
      await db.close();
    }
  },
};
