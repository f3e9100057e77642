/**
 * @ninefold/cli — the `ninefold` command line: `check` today, and `start`, `dev`, `migrate`,
 * `openapi`, `seed` as one file each under `commands/`.
 */
export type { Command, CommandArgs, CommandIO } from './command';
export { CliError } from './command';
export { COMMANDS } from './command-registry';
export { loadApp } from './load-app';
export { run } from './run';
