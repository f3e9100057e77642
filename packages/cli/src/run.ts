/**
 * The command line: `ninefold <command> [appDir] [flags]`, parsed and dispatched to one of
 * the registered commands.
 */
import { parseArgs } from 'node:util';
import { CliError, type CommandIO, UsageError } from './command';
import { COMMANDS } from './command-registry';

const HELP = new Set(['help', '--help', '-h']);

/**
 * Runs `ninefold` with the arguments after the program name and answers the exit code:
 * 0 done, 1 the command failed (e.g. the spec has problems), 2 the command line is wrong.
 * @example
 * const code = await run(['check', 'examples/helpdesk']);
 * // prints "✓ Helpdesk: the spec is valid (5 entities, 7 transitions, 2 actions, 10 screens)"; code === 0
 */
export async function run(argv: readonly string[], io: CommandIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name)) {
    (name === undefined ? io.err : io.out)(usage());
    return name === undefined ? 2 : 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.err(`ninefold: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.some((a) => a === '--help' || a === '-h')) {
    io.out(`usage: ninefold ${command.usage}\n\n${entry.summary}`);
    return 0;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({
      args: [...rest],
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    io.err(`ninefold ${name}: ${(e as Error).message}\nusage: ninefold ${command.usage}`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`ninefold ${name}: ${e.message}\nusage: ninefold ${command.usage}`);
      return 2;
    }
    // A CliError is the user's to fix and says all; anything else (often the app's own code
    // throwing while it loads) needs its stack to be found.
    io.err(e instanceof CliError ? `✗ ${e.message}` : `✗ ${(e as Error).stack ?? String(e)}`);
    return 1;
  }
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`);
  return ['usage: ninefold <command> [appDir] [flags]', '', 'commands:', ...lines].join('\n');
}

function processIO(): CommandIO {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
    env: process.env,
  };
}
