/**
 * Loading an app: the default export of `<appDir>/app.ts`, made by `defineApp()`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { App } from '@ninefold/spec';
import { CliError } from './command';

/**
 * Imports `<appDir>/app.ts`, with `appDir` relative to `cwd`.
 * @example const app = await loadApp('examples/helpdesk', process.cwd());
 */
export async function loadApp(appDir: string, cwd: string): Promise<App> {
  const file = resolve(cwd, appDir, 'app.ts');
  if (!existsSync(file)) throw new CliError(`there is no app.ts in ${resolve(cwd, appDir)}`);
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  const app = module.default;
  if (typeof app !== 'object' || app === null || (app as { kind?: unknown }).kind !== 'app') {
    throw new CliError(`${file} does not export an app made by defineApp() as its default export`);
  }
  return app as App;
}
