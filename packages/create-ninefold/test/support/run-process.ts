/**
 * Running commands as a person would in a terminal, from a test: npm, npx and the app's own
 * `ninefold`, with none of this test run's environment that could change what they do.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface RunOptions {
  readonly cwd: string;
  /** Added to the cleaned environment. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Ran {
  readonly out: string;
  readonly err: string;
}

/**
 * The environment of a child: the test's, less what points at a real database, port or mail
 * server, the test runner's own variables, and the npm variables of the `npm test` that
 * started us.
 * @example spawn('npm', ['test'], { env: cleanEnv() })
 */
export function cleanEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const dropped =
    /^(DATABASE_URL|TEST_DATABASE_URL|HOST|PORT|DATA_DIR|SMTP_URL|MAIL_FROM|MAIL_OUTBOX|APP_URL|NINEFOLD_.*|NODE_ENV|NODE_OPTIONS|FORCE_COLOR|VITEST.*|npm_.*)$/;
  for (const [key, value] of Object.entries(process.env)) if (!dropped.test(key)) env[key] = value;
  return { ...env, NO_COLOR: '1', ...extra };
}

function start(command: string, args: readonly string[], options: RunOptions): ChildProcess {
  return spawn(command, args, {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops what npx started under it.
    detached: true,
  });
}

/**
 * Runs a command to its end; rejects with its output when it exits non-zero.
 * @example const { out } = await run('npx', ['ninefold', 'check'], { cwd: app });
 */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = start(command, args, options);
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ out, err });
      else
        reject(
          new Error(
            `\`${command} ${args.join(' ')}\` exited with ${code}\n--- stdout\n${out}\n--- stderr\n${err}`,
          ),
        );
    });
  });
}

/** A command that keeps running (a server). */
export interface Running {
  /** The match of the line waited for. */
  readonly match: RegExpMatchArray;
  /** Everything it printed so far. */
  out(): string;
  /** SIGTERM to its process group, and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a command and resolves once its output matches `ready` (rejects if it exits first,
 * or after two minutes).
 * @example const s = await runningUntil('npx', ['ninefold', 'start', '--port', '0'], /running at (\S+)/, { cwd: app });
 */
export function runningUntil(
  command: string,
  args: readonly string[],
  ready: RegExp,
  options: RunOptions,
): Promise<Running> {
  const child = start(command, args, options);
  let text = '';
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`\`${command} ${args.join(' ')}\` did not print ${ready} in 2 minutes:\n${text}`));
    }, 120_000);
    const onData = (d: Buffer) => {
      text += d;
      const match = text.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ match, out: () => text, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code} before it was ready:\n${text}`));
    });
  });
}
