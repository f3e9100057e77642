/**
 * The API server behind `ninefold dev`: `ninefold start --demo` in a child process (Node
 * cannot unload an app's modules, so new server code needs a fresh process), its output
 * passed on line by line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { CommandIO } from '../command';
import { cliBin } from './cli-bin';

/** What the server printed last, kept to explain an exit nobody asked for. */
const TAIL_LINES = 30;

export interface ApiProcessOptions {
  readonly appDir: string;
  readonly port: number;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly io: CommandIO;
  /** Called when the server ends by itself (it failed), with its last lines. */
  onCrash(code: number | null, tail: string): void;
}

export interface ApiProcess {
  /** True once the server listens; false when it ended first. */
  readonly ready: Promise<boolean>;
  /** Asks the server to close (it closes its database too); kills it if it hangs. */
  stop(): Promise<void>;
}

/**
 * Starts `ninefold start <appDir> --demo --port <port>`.
 * @example const api = launchApi({ appDir, port: 41873, cwd, env, io, onCrash: () => {} }); await api.ready;
 */
export function launchApi(options: ApiProcessOptions): ApiProcess {
  const args = [cliBin(), 'start', options.appDir, '--demo', '--port', String(options.port)];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // If dev itself ends abruptly (an uncaught error), its server must not outlive it.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  const tail: string[] = [];
  let stopping = false;
  let markReady: (up: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));
  const relay = (stream: NodeJS.ReadableStream, write: (line: string) => void) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        write(line);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        if (line.startsWith('Press Ctrl-C to stop')) markReady(true);
      }
    });
  };
  relay(child.stdout!, options.io.out);
  relay(child.stderr!, options.io.err);
  // 'close', not 'exit': its last lines (`✓ stopped`) are passed on before anyone hears of its end.
  child.once('close', (code) => {
    process.off('exit', orphaned);
    markReady(false);
    if (!stopping) options.onCrash(code, tail.join('\n'));
  });
  return {
    ready,
    stop: async () => {
      stopping = true;
      await stop(child);
    },
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('close', done));
  child.kill('SIGTERM');
  const hung = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(hung);
}
