/**
 * Every `ninefold` command, by name. Commands load on demand, so `check` and `openapi` never
 * pull in the server and its database drivers.
 */
import type { Command } from './command';

export interface CommandEntry {
  /** One line for the usage text. */
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/**
 * The commands, in usage order.
 * @example const command = await COMMANDS.check!.load();
 */
export const COMMANDS: { readonly [name: string]: CommandEntry } = {
  new: {
    summary: 'new <dir> [--template blank|helpdesk]: a new app in a folder of its own',
    load: async () => (await import('./commands/new')).newApp,
  },
  start: {
    summary: 'serve the app (API and UI); --demo seeds demo data into a database without users',
    load: async () => (await import('./commands/start')).start,
  },
  dev: {
    summary: 'start --demo, restarting whenever a file of the app changes',
    load: async () => (await import('./commands/dev')).dev,
  },
  build: {
    summary: "build the app's UI (its spec's pages and its own components) for start to serve",
    load: async () => (await import('./commands/build')).build,
  },
  check: {
    summary: 'check the spec in <appDir>/app.ts and list every problem',
    load: async () => (await import('./commands/check')).check,
  },
  migrate: {
    summary: 'show the schema changes the spec needs and apply them (--dry-run, --allow-destructive)',
    load: async () => (await import('./commands/migrate')).migrate,
  },
  openapi: {
    summary: 'print the OpenAPI 3.1 document of the API, or write it with --out',
    load: async () => (await import('./commands/openapi')).openapi,
  },
  seed: {
    summary: 'put the demo data of <appDir>/seed.ts into a database without users',
    load: async () => (await import('./commands/seed')).seed,
  },
  backup: {
    summary: 'copy the SQLite database into <file> while the server runs (PostgreSQL: pg_dump)',
    load: async () => (await import('./commands/backup')).backup,
  },
  restore: {
    summary: 'put a backup in the place of the SQLite database (the server stopped; --force replaces it)',
    load: async () => (await import('./commands/restore')).restore,
  },
  admin: {
    summary: 'admin create: create an admin account (how a production install gets its first)',
    load: async () => (await import('./commands/admin')).admin,
  },
  invite: {
    summary:
      'invite --email E --role R: invite a person into a role; the mail leaves at once (or is printed)',
    load: async () => (await import('./commands/invite')).invite,
  },
};
