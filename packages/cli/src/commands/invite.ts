/**
 * `ninefold invite [appDir] --email E --role R [--name N]`: invites a person into a role from
 * the command line, the operator vouching for it (any role but a service role): the account
 * is made without a password and the invitation mail leaves at once — through SMTP_URL, or,
 * without it, printed here (the development outbox), link included.
 */
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command, UsageError } from '../command';
import { inviteMailEnv } from '../invite-mail-env';

/**
 * The `invite` command: 0 once the invitation is made and its mail sent (or printed); 1 with
 * the reason when the address has an account with a password, the role is unknown or a
 * service role, or the mail could not be sent.
 * @example await invite.run({ positionals: ['.'], values: { email: 'sam@acme.example', role: 'employee' } }, io)
 */
export const invite: Command = {
  usage: 'invite [appDir] --email E --role R [--name N]',
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const email = typeof values.email === 'string' ? values.email.trim() : '';
    const role = typeof values.role === 'string' ? values.role.trim() : '';
    const name = typeof values.name === 'string' ? values.name.trim() : undefined;
    if (!email || !role) throw new UsageError('--email and --role are required');
    const env = io.env ?? process.env;
    const mail = inviteMailEnv(env);
    // Loaded only now, as in `start`: the server takes seconds to import.
    const { sendInvitation } = await import('../send-invitation');
    const sent = await sendInvitation({ appDir, email, role, name, mail, env }, io);
    if (!sent.ok) throw new CliError(sent.reason);
    return 0;
  },
};
