/**
 * `ninefold dev [appDir] [--port N]`: `start --demo` in a child process, restarted whenever
 * a file of the app changes. A child process rather than a re-import, because Node cannot
 * unload the app's modules: a fresh process is the only way to see the new code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command } from '../command';
import { databaseLocation } from '../database-location';
import { listenOptions } from '../listen-options';

const BIN = fileURLToPath(new URL('../../bin/ninefold.js', import.meta.url));
const IGNORED = new Set(['node_modules', '.data', '.git', 'dist']);
/** Servers dev itself is stopping, whose exit is expected. */
const stopping = new WeakSet<ChildProcess>();

/**
 * The `dev` command: runs until SIGINT or SIGTERM, then stops the server and answers 0.
 * @example await dev.run({ positionals: ['examples/helpdesk'], values: {} }, io)
 */
export const dev: Command = {
  usage: 'dev [appDir] [--port N]',
  options: { port: { type: 'string' } },
  async run({ positionals, values }, io) {
    const dir = resolve(io.cwd, appDirArg(positionals));
    const port = values.port as string | undefined;
    listenOptions(port, io.env); // refuse a bad port here, not in every restart
    if (!existsSync(join(dir, 'app.ts'))) throw new CliError(`there is no app.ts in ${dir}`);
    // The SQLite file is written while serving; watching it would restart the server forever.
    const dataDir = databaseLocation(dir, io.cwd, io.env).dataDir;
    const args = [BIN, 'start', dir, '--demo', ...(port === undefined ? [] : ['--port', port])];
    const launch = () => {
      const server = spawn(process.execPath, args, {
        cwd: io.cwd,
        env: { ...(io.env ?? process.env) },
        stdio: 'inherit',
      });
      // An app that fails to load ends its server; dev stays, for the fix to restart it.
      server.once('exit', (code) => {
        if (!stopping.has(server))
          io.out(`✗ the server exited (code ${code}); waiting for a change to restart`);
      });
      return server;
    };

    let child = launch();
    let timer: NodeJS.Timeout | undefined;
    let restarting = Promise.resolve();
    const watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (!file || ignored(join(dir, file), dir, dataDir)) return;
      clearTimeout(timer);
      // Editors write a file in several steps: restart once they are done.
      timer = setTimeout(() => {
        restarting = restarting.then(async () => {
          io.out(`↻ ${file} changed: restarting`);
          await stop(child);
          child = launch();
        });
      }, 150);
    });
    await new Promise((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    watcher.close();
    clearTimeout(timer);
    await restarting;
    await stop(child);
    return 0;
  },
};

function ignored(path: string, dir: string, dataDir: string | undefined): boolean {
  if (dataDir && (path === dataDir || path.startsWith(dataDir + sep))) return true;
  return relative(dir, path)
    .split(sep)
    .some((part) => IGNORED.has(part));
}

/** Asks the server to close (it closes its database too), and kills it if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  stopping.add(child);
  child.kill('SIGTERM');
  const hung = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(hung);
}
