/**
 * Helpdesk servers in child processes, all on one database: each runs
 * fixtures/serve-helpdesk.ts and reports its port on its first line of output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('./fixtures/serve-helpdesk.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A running child server. */
export interface ChildServer {
  readonly port: number;
  readonly process: ChildProcess;
  /** Ends the process (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts one server process on `databaseUrl`; resolves once it listens.
 * @example const s = await startChildServer(url); … await s.stop();
 */
export function startChildServer(databaseUrl: string): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, databaseUrl], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error('a child server did not start within 60 s'));
    }, 60_000);
    child.once('exit', (code) => reject(new Error(`a child server exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve({ port: (JSON.parse(line) as { port: number }).port, process: child, stop });
    });
  });
}
