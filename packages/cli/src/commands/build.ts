/** Placeholder: the `build` command is being written (issue #14). */
import { CliError, type Command } from '../command';

/** @example await build.run({ positionals: [], values: {} }, io) */
export const build: Command = {
  usage: 'build',
  options: {},
  async run() {
    throw new CliError('build is not available yet');
  },
};
