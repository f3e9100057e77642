/**
 * Every `ninefold` command, by name. Commands load on demand, so `check` never pulls in the
 * server and its database drivers.
 */
import type { Command } from './command';

export interface CommandEntry {
  /** One line for the usage text. */
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/**
 * The commands, in usage order.
 * @example const command = await COMMANDS.check!.load();
 */
export const COMMANDS: { readonly [name: string]: CommandEntry } = {
  check: {
    summary: 'check the spec in <appDir>/app.ts and list every problem',
    load: async () => (await import('./commands/check')).check,
  },
};
