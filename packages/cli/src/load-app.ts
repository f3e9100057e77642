/**
 * Loading an app: the default export of `<appDir>/app.ts`, made by `defineApp()`; and for
 * every command that runs it, only once the checker has passed it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type App, type CheckProblem, checkApp } from '@ninefold/spec';
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

/**
 * The checker's problems as the lines `ninefold check` prints.
 * @example problemLines([{ path: 'screens.tickets.columns[2]', message: '…' }]) // ['✗ screens.tickets.columns[2]: …']
 */
export function problemLines(problems: readonly CheckProblem[]): string[] {
  return problems.map((p) => `✗ ${p.path}: ${p.message}`);
}

/**
 * `loadApp`, refusing a spec the checker refuses, with the checker's message: a server must
 * never start on a spec whose mistakes would only show as something silently missing (a
 * screen column naming no field used to start fine, the column simply absent).
 * @example const app = await loadCheckedApp('examples/helpdesk', process.cwd());
 */
export async function loadCheckedApp(appDir: string, cwd: string): Promise<App> {
  const app = await loadApp(appDir, cwd);
  const { ok, problems } = checkApp(app);
  if (ok) return app;
  const n = problems.length;
  throw new CliError(
    [
      `the spec of ${app.about.name} has ${n} problem${n === 1 ? '' : 's'} (ninefold check ${appDir}):`,
      ...problemLines(problems).map((l) => `  ${l}`),
    ].join('\n'),
  );
}
