/**
 * `ninefold build [appDir] [--out DIR]`: checks the spec, then builds the app's UI (the
 * generated UI with the app's own `ui/` components) into `<appDir>/.ninefold/dist`, which
 * `ninefold start` serves.
 */
import { relative, resolve } from 'node:path';
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command } from '../command';
import { loadCheckedApp } from '../load-app';

/**
 * The `build` command: exit 0 once the UI is built; 1 (with the checker's message) on a spec
 * the checker refuses, or with Vite's message on a UI that does not compile.
 * @example await build.run({ positionals: ['examples/helpdesk'], values: {} }, io) // 0
 */
export const build: Command = {
  usage: 'build [appDir] [--out DIR]',
  options: { out: { type: 'string' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const app = await loadCheckedApp(appDir, io.cwd);
    const dir = resolve(io.cwd, appDir);
    const out = values.out as string | undefined;
    // Vite is loaded only now: a spec the checker refuses is told at once.
    const { buildAppUi } = await import('../ui/build-app-ui');
    const started = Date.now();
    let built: Awaited<ReturnType<typeof buildAppUi>>;
    try {
      built = await buildAppUi(dir, out === undefined ? {} : { outDir: resolve(io.cwd, out) });
    } catch (e) {
      throw new CliError(`the UI of ${app.about.name} did not build: ${(e as Error).message}`);
    }
    const where = relative(io.cwd, built.outDir) || '.';
    io.out(
      `✓ built the UI of ${app.about.name} into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    io.out(
      built.registry
        ? `  with the app's own components from ${relative(io.cwd, built.registry)}`
        : `  with no components of its own (${relative(io.cwd, dir) || '.'}/ui/index.ts is absent)`,
    );
    io.out(`  serve it with: ninefold start ${appDir}`);
    return 0;
  },
};
