/**
 * `ninefold dev [appDir] [--port N]`: the development loop. Vite serves the app's UI on the
 * port (hot module replacement; React Fast Refresh for the app's own `ui/` components) and
 * passes `/api` and the realtime socket on to `start --demo`, run in a child process on a
 * private port. A change outside `ui/` (the spec, the seed, actions) is checked first (the
 * checker, and TypeScript when the app has a tsconfig.json); the server restarts only when
 * both pass, and the pages reload. A refused change leaves the old server serving and shows
 * why in the terminal and in the browser's error overlay; a change that passes but whose
 * server then fails to start (a migration it refuses, say) leaves no server until the next.
 */
import { existsSync, watch } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command, type CommandIO } from '../command';
import { databaseLocation } from '../database-location';
import { type ApiProcess, launchApi } from '../dev/api-process';
import { gateApp, typeCheckPlan } from '../dev/app-gate';
import { DEV_URL_ENV } from '../dev/dev-url';
import { freePort } from '../dev/free-port';
import { listenOptions } from '../listen-options';
import type { DevUiServer } from '../ui/dev-ui-server';

/** Never a reason to restart: dependencies, data, builds, and what dev itself generates. */
const IGNORED = new Set(['node_modules', '.data', '.git', 'dist', '.ninefold']);
/** The app's own UI: Vite's to hot-replace, never a reason to restart the API. */
const UI_FOLDER = 'ui';

/**
 * The `dev` command: runs until SIGINT or SIGTERM, then stops Vite and the server and answers 0.
 * @example await dev.run({ positionals: ['examples/helpdesk'], values: { port: '3000' } }, io)
 */
export const dev: Command = {
  usage: 'dev [appDir] [--port N]',
  options: { port: { type: 'string' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const dir = resolve(io.cwd, appDir);
    const env = { ...(io.env ?? process.env) };
    const { port, host } = listenOptions(values.port as string | undefined, env);
    if (!existsSync(join(dir, 'app.ts'))) throw new CliError(`there is no app.ts in ${dir}`);
    // The SQLite file is written while serving; watching it would restart the server forever.
    const dataDir = databaseLocation(appDir, io.cwd, env).dataDir;
    const apiPort = await freePort('127.0.0.1');
    const { startDevUi } = await import('../ui/dev-ui-server');
    const ui = await startDevUi(dir, { port, host, apiPort });
    io.out(
      `✓ ninefold dev: the UI (with hot reload) at ${ui.url}, the API behind it on 127.0.0.1:${apiPort}`,
    );
    const plan = typeCheckPlan(dir);
    if (plan.skipped) io.out(`  ${plan.skipped}`);
    const apiEnv = { ...env, HOST: '127.0.0.1', [DEV_URL_ENV]: ui.url };
    const loop = devLoop({ appDir, dir, apiPort, env: apiEnv, io, ui, plan });

    await loop.change('start');
    let timer: NodeJS.Timeout | undefined;
    const watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (!file || ignored(join(dir, file), dir, dataDir)) return;
      clearTimeout(timer);
      // Editors write a file in several steps: check once they are done.
      timer = setTimeout(() => void loop.change(file), 150);
    });
    await new Promise((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    watcher.close();
    clearTimeout(timer);
    await loop.close();
    await ui.close();
    return 0;
  },
};

interface LoopOptions {
  readonly appDir: string;
  readonly dir: string;
  readonly apiPort: number;
  readonly env: NodeJS.ProcessEnv;
  readonly io: CommandIO;
  readonly ui: DevUiServer;
  readonly plan: ReturnType<typeof typeCheckPlan>;
}

/** Checks and restarts, one change at a time: a change during a check waits for its turn. */
function devLoop(o: LoopOptions) {
  let api: ApiProcess | undefined;
  let queue = Promise.resolve();
  const refuse = (message: string) => {
    o.io.err(message);
    o.ui.showError(message);
  };
  const restart = async (file: string) => {
    o.io.out(file === 'start' ? '… checking the app' : `↻ ${file} changed: checking the app`);
    const gate = await gateApp(o.dir, o.plan, o.env);
    if (!gate.ok) {
      const keeps = api ? 'the server keeps running the last good version' : 'no server until it is fixed';
      refuse(`✗ the app has problems; ${keeps}:\n${gate.message}`);
      return;
    }
    o.io.out(file === 'start' ? '✓ the app checks out: starting' : `✓ the app checks out: restarting`);
    await api?.stop();
    const launched = launchApi({
      appDir: o.appDir,
      port: o.apiPort,
      cwd: o.io.cwd,
      env: o.env,
      io: o.io,
      onCrash: (code, tail) => {
        if (api === launched) api = undefined;
        refuse(`✗ the server exited (code ${code}); waiting for a change to restart\n${tail}`);
      },
    });
    api = launched;
    // The pages ask for the new spec (and leave the overlay) once the new server answers. Not
    // awaited: a server that hangs while starting must not hold back the next change, which
    // stops it.
    void launched.ready.then((up) => {
      if (up && api === launched) o.ui.reloadPages();
    });
  };
  return {
    change: (file: string) => {
      // A restart that throws is reported and the loop goes on: one failure must not leave
      // every later change unheard.
      queue = queue
        .then(() => restart(file))
        .catch((e: unknown) => refuse(`✗ dev could not restart the server: ${(e as Error).message}`));
      return queue;
    },
    close: async () => {
      await queue;
      await api?.stop();
    },
  };
}

function ignored(path: string, dir: string, dataDir: string | undefined): boolean {
  if (dataDir && (path === dataDir || path.startsWith(dataDir + sep))) return true;
  const parts = relative(dir, path).split(sep);
  return parts[0] === UI_FOLDER || parts.some((part) => IGNORED.has(part));
}
