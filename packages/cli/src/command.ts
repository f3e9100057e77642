/**
 * The shape every `ninefold` command has, so adding one is one file under `commands/` and
 * one line in the registry.
 */
import type { ParseArgsConfig } from 'node:util';

/** Where a command writes, and the directory it runs in. */
export interface CommandIO {
  /** A line of the command's report. */
  out(line: string): void;
  /** A line about something that went wrong. */
  err(line: string): void;
  readonly cwd: string;
  /** The environment (DATABASE_URL, DATA_DIR, PORT, HOST, …); `process.env` when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Parsed arguments: what follows the command name. */
export interface CommandArgs {
  readonly positionals: readonly string[];
  readonly values: { readonly [flag: string]: string | boolean | (string | boolean)[] | undefined };
}

export interface Command {
  /** The arguments after `ninefold`, e.g. `check [appDir]`. */
  readonly usage: string;
  /** Its flags, in `util.parseArgs` form; unknown flags are refused. */
  readonly options?: NonNullable<ParseArgsConfig['options']>;
  /** Runs the command and answers its exit code. */
  run(args: CommandArgs, io: CommandIO): Promise<number>;
}

/** A failure the user can fix, told in one line without a stack trace (exit code 1). */
export class CliError extends Error {
  override readonly name: string = 'CliError';
}

/** A command line that is wrong: told with the command's usage (exit code 2). */
export class UsageError extends CliError {
  override readonly name = 'UsageError';
}
