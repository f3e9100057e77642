/**
 * Issues the links of the account flows' mail when the worker sends it (see
 * mail/link-resolver.ts): a one-time token per purpose, and the params each message needs.
 * A reset mail is queued for any address asked about; here, inside the worker's
 * transaction, it is dropped (null) when the address has no account that may sign in.
 */
import { ACCOUNT_LINK_ROUTES, type App } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import type { LinkResolver, MailLink, QueuedMail } from '../../mail/link-resolver';
import { rootedLink } from '../notifications/notification-link';
import type { Rec } from '../records/row-codec';
import { issueToken } from './tokens';

// The spec's table: the UI serves its account screens on the same routes.
const ROUTES: Readonly<Record<MailLink['purpose'], string>> = ACCOUNT_LINK_ROUTES;

type Params = Record<string, string | number>;
type Resolved = { to: string; params: Params } | null;

async function userWhere(exec: Executor, column: 'id' | 'email', value: string): Promise<Rec | undefined> {
  const rows = await exec.all<Rec>(
    exec.qb
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role', 'disabled', 'emailVerified'])
      .where(column, '=', value),
  );
  return rows[0];
}

const on = (v: unknown) => v === true || v === 1;

/**
 * @example new Mailer({ ..., resolve: accountLinks(app) })
 */
export function accountLinks(app: App): LinkResolver {
  const constant = (name: string) => Number(app.constants[name]?.value);
  return async (exec, mail, { now, appUrl }) => {
    const link = mail.link;
    // A link queued as a path (a notification's record) points into the UI where it is now.
    if (!link) return { to: mail.to, params: rootedLink(mail.params, appUrl) };
    const base = { ...mail.params, app: app.about.name };
    const issue = async (user: Rec, email: string) => {
      const t = { purpose: link.purpose, userId: String(user.id), email };
      const issued = await issueToken(exec, app, t, now);
      const url = `${appUrl.replace(/\/+$/, '')}${ROUTES[link.purpose]}?token=${issued.token}`;
      return { ...issued, url };
    };
    switch (link.purpose) {
      case 'passwordReset':
        return reset(exec, app, mail, base, issue, constant('PASSWORD_RESET_TTL_MINUTES'));
      case 'invitation':
        return invitation(exec, app, mail, base, issue, now, constant('INVITATION_TTL_HOURS'));
      default: {
        const user = link.userId ? await userWhere(exec, 'id', link.userId) : undefined;
        const email = link.email ?? mail.to;
        if (!user || on(user.disabled)) return null;
        // Verified meanwhile, or the address changed since: this link would prove nothing.
        if (link.purpose === 'verifyEmail' && (on(user.emailVerified) || user.email !== email)) return null;
        const { url } = await issue(user, email);
        const hours = constant('EMAIL_VERIFICATION_TTL_HOURS');
        return { to: email, params: { ...base, name: String(user.name), email, hours, link: url } };
      }
    }
  };
}

type Issue = (user: Rec, email: string) => Promise<{ digest: string; expiresAt: string; url: string }>;

async function reset(
  exec: Executor,
  app: App,
  mail: QueuedMail,
  base: Params,
  issue: Issue,
  minutes: number,
): Promise<Resolved> {
  const user = await userWhere(exec, 'email', mail.to);
  // No account, a disabled one, or an integration with no password: nothing to reset.
  if (!user || on(user.disabled) || app.roles[String(user.role)]?.service) return null;
  const { url } = await issue(user, mail.to);
  return { to: mail.to, params: { ...base, name: String(user.name), minutes, link: url } };
}

async function invitation(
  exec: Executor,
  app: App,
  mail: QueuedMail,
  base: Params,
  issue: Issue,
  now: Date,
  hours: number,
): Promise<Resolved> {
  const id = mail.link?.invitationId;
  const rows = id
    ? await exec.all<Rec>(exec.qb.selectFrom('nf_invitations').selectAll().where('id', '=', id))
    : [];
  const row = rows[0];
  const user = row ? await userWhere(exec, 'id', String(row.userId)) : undefined;
  // Revoked or superseded by a newer invitation: its mail is not sent.
  if (!row || !user || on(user.disabled)) return null;
  const inviter = row.invitedBy ? await userWhere(exec, 'id', String(row.invitedBy)) : undefined;
  const role = String(row.role);
  const { digest, expiresAt, url } = await issue(user, String(row.email));
  await exec.run(
    exec.qb
      .updateTable('nf_invitations')
      .set({ tokenHash: digest, expiresAt, sentAt: now.toISOString() })
      .where('id', '=', String(row.id)),
  );
  return {
    to: String(row.email),
    params: {
      ...base,
      name: String(row.name ?? user.name),
      role: app.roles[role]?.label ?? role,
      inviter: inviter ? String(inviter.name) : app.about.name,
      hours,
      link: url,
    },
  };
}
