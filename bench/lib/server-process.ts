/**
 * Servers under test run in child processes, one core for the server and one for the load
 * generator: in-process, autocannon would steal the server's event loop. Each child reports
 * its URL over IPC; its CPU time comes from /proc, to show whether it was the bottleneck.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, REPO_ROOT, serverEntry } from './bench-paths';

/** A running child server. */
export interface ServerHandle {
  readonly name: string;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const CLOCK_TICKS = 100;

function cpuOf(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 (utime, stime) after the parenthesised command name.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function profileArgs(name: string): string[] {
  if (!process.env.BENCH_PROFILE) return [];
  const dir = join(DATA_DIR, 'profiles');
  mkdirSync(join(dir, name), { recursive: true });
  // One profile per thread (tsx's loader runs in its own); Node names them by pid and thread.
  return ['--cpu-prof', '--cpu-prof-dir', join(dir, name)];
}

/** BENCH_NODE_ARGS: more flags for every child (for example `--trace-gc`), split on spaces. */
function extraNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

/**
 * Starts `bench/servers/<entry>.ts` with `args`; resolves once it listens on 127.0.0.1.
 * Set BENCH_PROFILE=1 to have each child write V8 CPU profiles to bench/.data/profiles/<name>;
 * BENCH_NODE_ARGS adds Node flags to every child.
 * @example const bare = await startServer('ceiling', 'bare-server', [file, requesterId]);
 */
export function startServer(name: string, entry: string, args: readonly string[]): Promise<ServerHandle> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...profileArgs(name), ...extraNodeArgs(), '--import', 'tsx', serverEntry(entry), ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening`)));
    child.once('message', (message) => {
      const url = (message as { url: string }).url;
      if (!url.startsWith('http://127.0.0.1:')) reject(new Error(`${name} listens on ${url}, not 127.0.0.1`));
      const pid = child.pid!;
      resolve({
        name,
        url,
        cpuSeconds: () => cpuOf(pid),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
