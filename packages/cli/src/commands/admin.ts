/**
 * `ninefold admin create [appDir] --email E --name N [--password P]`: creates an admin account,
 * which is how a production install gets its first one: nothing outside demo mode ever has a
 * default password. Its email counts as verified: the operator vouches for it. Prefer `NINEFOLD_ADMIN_PASSWORD` to `--password`, which shells keep in history.
 */

import { createAccount } from '@ninefold/server';
import { adminRoles } from '@ninefold/spec';
import { appDirArg } from '../app-dir-arg';
import { CliError, type Command, UsageError } from '../command';
import { cliError, openApp } from '../open-app';

/**
 * The `admin` command: 0 once the account exists with its password, 1 when the email is taken
 * or the password is refused (weak or common; nothing is left behind then).
 * @example
 * process.env.NINEFOLD_ADMIN_PASSWORD = 'correct horse battery staple';
 * await admin.run({ positionals: ['create', 'examples/helpdesk'], values: { email: 'ops@example.com', name: 'Ops' } }, io)
 */
export const admin: Command = {
  usage: 'admin create [appDir] --email E --name N [--password P]  (or NINEFOLD_ADMIN_PASSWORD=P)',
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  async run({ positionals, values }, io) {
    const [action, ...rest] = positionals;
    if (action !== 'create')
      throw new UsageError(action ? `unknown action '${action}'` : 'which action? create');
    const appDir = appDirArg(rest);
    const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    const password =
      typeof values.password === 'string' ? values.password : (io.env ?? process.env).NINEFOLD_ADMIN_PASSWORD;
    if (!email || !name) throw new UsageError('--email and --name are required');
    if (!password) throw new UsageError('give the password with --password or NINEFOLD_ADMIN_PASSWORD');

    const { app, core, db, where } = await openApp(appDir, io.cwd, io.env);
    try {
      const role = adminRoles(app)[0];
      if (!role) throw new CliError(`${app.about.name} has no admin role (a role with admin: true)`);
      const taken = await db.all(db.qb.selectFrom('users').select('id').where('email', '=', email));
      if (taken.length > 0) throw new CliError(`there is already a user with the email ${email}`);
      // The operator vouches for the address: no link will ever be mailed to confirm it.
      await createAccount(core, { email, name, role, password, emailVerified: true }).catch((e) => {
        throw cliError(e);
      });
      io.out(`✓ created the ${role} ${name} <${email}> in ${where.label}; they can sign in now`);
      return 0;
    } finally {
      await db.close();
    }
  },
};
