/**
 * Running the real `ninefold` binary in tests: each run in a child process with its own
 * DATA_DIR under the helpdesk's gitignored `.data`, and none of the developer's DATABASE_URL,
 * HOST, PORT, admin password or mail settings, so a test can never touch a real database,
 * listen publicly or send real mail.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@ninefold/server';
import type { CommandIO } from '../src/command';
import { run } from '../src/run';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = join(ROOT, 'packages/cli/bin/ninefold.js');
export const HELPDESK = join(ROOT, 'examples/helpdesk');
export const SCRATCH = join(HELPDESK, '.data');

const made: string[] = [];

/**
 * A fresh directory under examples/helpdesk/.data; `removeScratch()` deletes them all.
 * @example const dataDir = scratchDir('start');
 */
export function scratchDir(name: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  const dir = mkdtempSync(join(SCRATCH, `tmp-${name}-`));
  made.push(dir);
  return dir;
}

/** Deletes every directory `scratchDir` made. */
export function removeScratch(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * What a production start (no --demo) needs when its test is not about mail: the development
 * outbox, asked for knowingly, and the address its links would point at.
 * @example await serve(['start', 'examples/helpdesk', '--port', '0'], { DATA_DIR: dir, ...OUTBOX_MAIL });
 */
export const OUTBOX_MAIL = { MAIL_OUTBOX: '1', APP_URL: 'http://app.test' } as const;

/**
 * The environment of a run: the test's own, minus what could point it at something real.
 * @example cliEnv({ DATA_DIR: dir })
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _d,
    HOST: _h,
    PORT: _p,
    NINEFOLD_ADMIN_PASSWORD: _a,
    SMTP_URL: _s,
    MAIL_FROM: _f,
    APP_URL: _u,
    MAIL_OUTBOX: _o,
    ...env
  } = process.env;
  return { ...env, ...extra };
}

export interface Result {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/**
 * Runs a command in this process, through the same `run()` the binary calls, with its own
 * environment: seconds faster than a child process, for commands that end by themselves.
 * @example const { code, out } = await ninefoldHere(['migrate', 'examples/helpdesk'], { DATA_DIR: dir });
 */
export async function ninefoldHere(
  args: string[],
  extra: Record<string, string> = {},
  cwd = ROOT,
): Promise<Result> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    out: (l) => out.push(`${l}\n`),
    err: (l) => err.push(`${l}\n`),
    cwd,
    env: cliEnv(extra),
  };
  const code = await run(args, io);
  return { code, out: out.join(''), err: err.join('') };
}

/**
 * Runs a command to its end in a child process (killed after a minute, so a server that should not have
 * started cannot hang the test run).
 * @example const { code, out } = ninefold(['openapi', 'examples/helpdesk'], { DATA_DIR: dir });
 */
export function ninefold(args: string[], extra: Record<string, string> = {}, cwd = ROOT): Result {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: cliEnv(extra),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * The same as `ninefold`, without blocking this process: for a command that must run while
 * this test keeps sending requests.
 * @example const done = ninefoldAsync(['backup', file, dir], { DATA_DIR: dir }); … await done;
 */
export function ninefoldAsync(
  args: string[],
  extra: Record<string, string> = {},
  cwd = ROOT,
): Promise<Result> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(extra) });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      done({ code, out, err });
    }),
  );
}

export interface Running {
  /** The URL the server printed. */
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Waits until `pattern` has been printed `times` times in all. */
  waitFor(pattern: RegExp, times?: number): Promise<RegExpMatchArray>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<Result>;
}

/**
 * Starts a long-running command (`start`, `dev`) and resolves once it prints its URL.
 * @example const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: dir });
 */
export async function serve(args: string[], extra: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cliEnv(extra) });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
  const exited = new Promise<Result>((done) => child.once('exit', (code) => done({ code, out, err })));
  const output = () => out + err;
  const waitFor = async (pattern: RegExp, times = 1) => {
    const deadline = Date.now() + 60_000;
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (;;) {
      const matches = [...output().matchAll(global)];
      if (matches.length >= times) return matches[times - 1]!;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`never printed ${pattern} (${times}×); output:\n${output()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  try {
    const [, url] = await waitFor(/is running at (http:\/\/\S+)/);
    return { url: url!, child, output, waitFor, stop };
  } catch (e) {
    // SIGTERM first: `dev` stops its own child on it, where SIGKILL would orphan that child.
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killed);
    throw e;
  }
}

/**
 * The emails of the users in a SQLite database file, read directly (not through the app).
 * @example expect(await userEmails(join(dir, 'app.db'))).toEqual([]);
 */
export async function userEmails(file: string): Promise<string[]> {
  const db = openDatabase(file);
  try {
    const rows = await db.all<{ email: string }>(db.qb.selectFrom('users').select('email').orderBy('email'));
    return rows.map((r) => r.email);
  } finally {
    await db.close();
  }
}

/**
 * Signs in over HTTP and answers the token.
 * @example const token = await logIn(url, 'alice@helpdesk.test', 'demo-password-1');
 */
export async function logIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 200 || !body.token)
    throw new Error(`login as ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}
