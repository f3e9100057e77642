/**
 * `ninefold start examples/helpdesk` in a child process, as users start it (the real binary),
 * with none of the developer's database, mail or webhook settings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = `${ROOT}packages/cli/bin/ninefold.js`;
const PRIVATE = [
  'DATABASE_URL',
  'HOST',
  'PORT',
  'NINEFOLD_ADMIN_PASSWORD',
  'SMTP_URL',
  'MAIL_FROM',
  'APP_URL',
  'MAIL_OUTBOX',
];

/** A started server. */
export interface Running {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
}

/** The test's environment without anything that could point a process at something real. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.entries(process.env).filter(
    ([k]) => !k.startsWith('WEBHOOK_') && !PRIVATE.includes(k),
  );
  return { ...Object.fromEntries(clean), ...extra };
}

function launch(args: string[], extra: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, 'start', 'examples/helpdesk', '--port', '0', ...args], {
    cwd: ROOT,
    env: env(extra),
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => out };
}

/**
 * Starts the helpdesk and resolves once it is ready for requests.
 * @example const a = await start(['--demo'], { DATABASE_URL: url }); … await a.stop();
 */
export async function start(args: string[], extra: Record<string, string>): Promise<Running> {
  const { child, exited, output } = launch(args, extra);
  const deadline = Date.now() + 90_000;
  while (!/Press Ctrl-C to stop/.test(output())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`ninefold start did not start; output:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /is running at (http:\/\/\S+)/.exec(output())![1]!;
  return {
    url,
    child,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs a start that is expected to stop by itself (a configuration refused): its exit code
 * and output. Killed after a minute if it starts after all.
 * @example const { code, out } = await refusedStart({ WEBHOOK_TICKET_EVENTS_URL: url });
 */
export async function refusedStart(
  extra: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const { child, exited, output } = launch([], extra);
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(killer);
  return { code, out: output() };
}
