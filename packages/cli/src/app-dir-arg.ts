/**
 * The one positional most commands take: the app's directory, `.` by default.
 */
import { UsageError } from './command';

/**
 * The app directory named on the command line; refuses more than one.
 * @example appDirArg([]) // '.'
 * @example appDirArg(['examples/helpdesk']) // 'examples/helpdesk'
 */
export function appDirArg(positionals: readonly string[]): string {
  if (positionals.length > 1) throw new UsageError(`takes one app directory, not ${positionals.length}`);
  return positionals[0] ?? '.';
}
