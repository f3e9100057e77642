/**
 * `ninefold new <dir> [--template blank|helpdesk]`: a new app in a folder of its own. The same
 * code as `npm create ninefold <dir>` (the create-ninefold package).
 */
import { CreateAppError, createApp, nextSteps, TEMPLATES } from 'create-ninefold';
import { CliError, type Command, UsageError } from '../command';

/**
 * The `new` command: 0 once the app's files are written; 1 when the folder is not empty or
 * the template unknown. Installs nothing: the next steps say `npm install`.
 * @example await newApp.run({ positionals: ['my-app'], values: { template: 'blank' } }, io) // 0
 */
export const newApp: Command = {
  usage: `new <dir> [--template ${TEMPLATES.join('|')}]`,
  options: { template: { type: 'string', short: 't' } },
  async run({ positionals, values }, io) {
    if (positionals.length !== 1) {
      throw new UsageError(positionals.length === 0 ? 'which folder?' : 'takes one folder');
    }
    const template = values.template as string | undefined;
    try {
      const app = await createApp({
        dir: positionals[0]!,
        cwd: io.cwd,
        ...(template === undefined ? {} : { template }),
      });
      for (const line of nextSteps(app, io.cwd)) io.out(line);
      return 0;
    } catch (e) {
      if (e instanceof CreateAppError) throw new CliError(e.message);
      throw e;
    }
  },
};
