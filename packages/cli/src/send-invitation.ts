/**
 * What `ninefold invite` does once its command line is read: the app opened as a server would
 * open it (schema brought to the spec, the mail worker of its own), the invitation made by the
 * core as the system, and its mail delivered before the process ends.
 */
import { createNinefold, type MailOptions, mailOptionsFromEnv, type Ninefold } from '@ninefold/server';
import type { Invitation } from '@ninefold/spec';
import { announceMail } from './announce-mail';
import type { CommandIO } from './command';
import { databaseLocation } from './database-location';
import type { InviteMailEnv } from './invite-mail-env';
import { loadCheckedApp } from './load-app';
import { cliError } from './open-app';

export interface InvitationRequest {
  readonly appDir: string;
  readonly email: string;
  readonly role: string;
  readonly name: string | undefined;
  readonly mail: InviteMailEnv;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Sent (or printed), or why not: the invitation exists either way once the core made it. */
export type InvitationSent = { readonly ok: true } | { readonly ok: false; readonly reason: string };

interface MailState {
  readonly status: string;
  readonly error: string | null;
}

// The mail of this invitation, by the invitation it links to: the newest few to its address
// (a busy server queues other mail meanwhile, so "the latest of all" could miss it).
async function invitationMail(nf: Ninefold, invitation: Invitation): Promise<MailState | undefined> {
  const rows = await nf.db.all<MailState & { link: unknown }>(
    nf.db.qb
      .selectFrom('nf_mail')
      .select(['status', 'error', 'link'])
      .where('message', '=', 'invitation')
      .where('to', '=', invitation.email)
      .orderBy('id', 'desc')
      .limit(10),
  );
  return rows.find((r) => {
    const link = (typeof r.link === 'string' ? JSON.parse(r.link) : r.link) as {
      invitationId?: string;
    } | null;
    return link?.invitationId === invitation.id;
  });
}

/**
 * Invites and delivers; throws a CliError for a refused invitation (a taken address, an
 * unknown or service role), having written nothing.
 * @example const sent = await sendInvitation({ appDir: '.', email, role: 'employee', name: undefined, mail, env }, io);
 */
export async function sendInvitation(request: InvitationRequest, io: CommandIO): Promise<InvitationSent> {
  const app = await loadCheckedApp(request.appDir, io.cwd);
  const where = databaseLocation(request.appDir, io.cwd, request.env);
  const mail: MailOptions = {
    ...mailOptionsFromEnv(request.env),
    appUrl: request.mail.appUrl,
    ...(request.mail.outbox ? { onOutbox: (m) => announceMail(m, io) } : {}),
  };
  let nf: Ninefold;
  try {
    nf = await createNinefold(app, { database: where.url, mail });
  } catch (e) {
    throw cliError(e);
  }
  try {
    const body = {
      email: request.email,
      role: request.role,
      ...(request.name ? { name: request.name } : {}),
    };
    // No caller: the operator at the command line vouches for the invitation, as for `admin create`.
    let invitation: Invitation;
    try {
      invitation = await nf.core.invite(null, body);
    } catch (e) {
      throw cliError(e);
    }
    await nf.mailer.deliverDue();
    const entry = await invitationMail(nf, invitation);
    const who = `${invitation.name ?? invitation.email} <${invitation.email}> as ${invitation.role}`;
    if (entry?.status === 'sent') {
      io.out(
        request.mail.outbox
          ? `✓ invited ${who}; no SMTP_URL, so the mail above was not sent: pass its link on yourself`
          : `✓ invited ${who}; the invitation mail has left (${where.label})`,
      );
      return { ok: true };
    }
    if (entry?.status === 'queued' && !entry.error) {
      io.out(`✓ invited ${who}; a running server is sending the mail`);
      return { ok: true };
    }
    return {
      ok: false,
      reason: `invited ${who}, but the mail could not be sent${entry?.error ? `: ${entry.error}` : ''}. A running \`ninefold start\` keeps retrying it; running invite again sends a new link.`,
    };
  } finally {
    await nf.close();
  }
}
