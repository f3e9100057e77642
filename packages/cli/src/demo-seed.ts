/**
 * An app's demo data: the default export of `<appDir>/seed.ts`, made by `defineSeed` from
 * @ninefold/server (which knows its accounts and password, to tell people how to sign in).
 * Still accepted: a plain function `(core, { force? }) => Promise<boolean>` that answers false
 * when it refused to seed, with optional `DEMO_ACCOUNTS` (`{ email, role }[]`) and `DEMO_PASSWORD`
 * exports.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Core, isSeed } from '@ninefold/server';
import { CliError, type CommandIO } from './command';

export interface DemoSeed {
  readonly file: string;
  readonly seed: (core: Core, options?: { force?: boolean }) => Promise<boolean>;
  readonly accounts: readonly { readonly email: string; readonly role: string }[];
  readonly password: string | undefined;
}

/**
 * Imports `<appDir>/seed.ts`; undefined when the app has none.
 * @example const demo = await loadDemoSeed('examples/helpdesk', process.cwd());
 */
export async function loadDemoSeed(appDir: string, cwd: string): Promise<DemoSeed | undefined> {
  const file = resolve(cwd, appDir, 'seed.ts');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  if (typeof module.default !== 'function') {
    throw new CliError(
      `${file} must export its seed as the default export: export default defineSeed(app, {…})`,
    );
  }
  const seed = module.default;
  if (isSeed(seed)) {
    return { file, seed, accounts: seed.accounts, password: seed.password };
  }
  const accounts = Array.isArray(module.DEMO_ACCOUNTS) ? module.DEMO_ACCOUNTS : [];
  return {
    file,
    seed: module.default as DemoSeed['seed'],
    accounts: accounts.filter((a): a is DemoSeed['accounts'][number] => typeof a?.email === 'string'),
    password: typeof module.DEMO_PASSWORD === 'string' ? module.DEMO_PASSWORD : undefined,
  };
}

/**
 * Prints who to sign in as.
 * @example printAccounts(demo, io) // "Demo accounts (password: demo-password-1):" and one line each
 */
export function printAccounts(demo: DemoSeed, io: CommandIO): void {
  if (demo.accounts.length === 0) return;
  io.out(`Demo accounts${demo.password ? ` (password: ${demo.password})` : ''}:`);
  const width = Math.max(...demo.accounts.map((a) => a.email.length));
  for (const a of demo.accounts) io.out(`  ${a.email.padEnd(width)}  ${a.role}`);
}
