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
  /** Every process of the server when it is several (load is spread over them); else absent. */
  readonly urls?: readonly string[];
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

/**
 * The environment of every server under test: the request log at `warn` unless LOG_LEVEL says
 * otherwise. A ceiling logs nothing, so a line per request on one side only would be measured
 * as Ninefold's cost; set LOG_LEVEL=info to measure with it.
 * @example spawn(process.execPath, args, { env: benchEnv() })
 */
export function benchEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
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
    { cwd: REPO_ROOT, env: benchEnv(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening`)));
    child.once('message', (message) => {
      const url = (message as { url: string }).url;
      if (!url.startsWith('http://127.0.0.1:')) reject(new Error(`${name} listens on ${url}, not 127.0.0.1`));
      resolve(handleOf(name, url, child, exited));
    });
  });
}

/** The handle of a child that listens at `url`: its CPU from /proc, stopped by SIGTERM. */
function handleOf(name: string, url: string, child: ChildProcess, exited: Promise<void>): ServerHandle {
  const pid = child.pid!;
  return {
    name,
    url,
    cpuSeconds: () => cpuOf(pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts the real CLI (`ninefold <args>`, as users run it) with extra environment; resolves
 * once it prints the URL it listens on.
 * @example const a = await startCli('ninefold start A', ['start', 'examples/helpdesk', '--port', '0'], { DATABASE_URL: url });
 */
export function startCli(
  name: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ServerHandle> {
  const bin = join(REPO_ROOT, 'packages/cli/bin/ninefold.js');
  const child: ChildProcess = spawn(process.execPath, [...extraNodeArgs(), bin, ...args], {
    cwd: REPO_ROOT,
    env: { ...benchEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let listening = false;
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with code ${code} before listening:\n${out}`)),
    );
    // Read to the end, so a chatty server never blocks on a full pipe.
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (listening) return;
      out += chunk;
      const url = /is running at (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      listening = true;
      resolve(handleOf(name, url, child, exited));
    });
  });
}

/**
 * Several processes of one server as one handle: load spreads over them, CPU adds up.
 * @example const both = serverGroup('ninefold ×2', [a, b]);
 */
export function serverGroup(name: string, members: readonly ServerHandle[]): ServerHandle {
  return {
    name,
    url: members[0]!.url,
    urls: members.map((m) => m.url),
    cpuSeconds: () => members.reduce((n, m) => n + m.cpuSeconds(), 0),
    stop: async () => {
      await Promise.all(members.map((m) => m.stop()));
    },
  };
}
