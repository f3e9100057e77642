/**
 * @ninefold/cli — the `ninefold` command line: `start`, `dev`, `check`, `migrate`, `openapi`,
 * `seed` and `admin create`, one file each under `commands/`.
 */
export type { Command, CommandArgs, CommandIO } from './command';
export { CliError, UsageError } from './command';
export { COMMANDS } from './command-registry';
export { loadApp } from './load-app';
export { run } from './run';
export {
  type BuildAppUiOptions,
  type BuiltAppUi,
  buildAppUi,
  defaultUiOutDir,
} from './ui/build-app-ui';
