/**
 * `ninefold seed [appDir] [--force]`: puts the app's demo data (`<appDir>/seed.ts`) into the
 * configured database, for a demo or a staging install.
 */
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command } from '../command';
import { loadDemoSeed, printAccounts } from '../demo-seed';
import { hasUsers, openApp } from '../open-app';

/**
 * The `seed` command: refuses a database that has users, unless `--force` (and even then
 * the app's seed refuses when one of its demo accounts is taken).
 * @example await seed.run({ positionals: ['examples/helpdesk'], values: {} }, io) // 0, or 1 if it has users
 */
export const seed: Command = {
  usage: 'seed [appDir] [--force]',
  options: { force: { type: 'boolean' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const demo = await loadDemoSeed(appDir, io.cwd);
    if (!demo) throw new CliError(`${appDir} has no seed.ts: there is no demo data to seed`);
    const force = values.force === true;
    const { core, db, where } = await openApp(appDir, io.cwd, io.env);
    try {
      if (!force && (await hasUsers(db))) {
        throw new CliError(
          `${where.label} already has users: not seeding (--force seeds beside them, with the demo's known password)`,
        );
      }
      if (!(await demo.seed(core, { force }))) {
        throw new CliError(`the seed declined: ${where.label} already has its demo accounts`);
      }
      io.out(`✓ seeded demo data into ${where.label}`);
      printAccounts(demo, io);
      return 0;
    } finally {
      await db.close();
    }
  },
};
