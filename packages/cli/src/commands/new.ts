/** Placeholder: the `new` command is being written (issue #14). */
import { CliError, type Command } from '../command';

/** @example await newApp.run({ positionals: [], values: {} }, io) */
export const newApp: Command = {
  usage: 'new',
  options: {},
  async run() {
    throw new CliError('new is not available yet');
  },
};
