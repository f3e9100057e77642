/**
 * Mail in the account tests, before the mail worker exists here: the queued rows of nf_mail
 * for an address are resolved by the account flows' own LinkResolver (as the worker does,
 * in a transaction) and marked sent, and the link of the last one is answered.
 */

import { accountLinks } from '../../src/core/accounts/account-links';
import type { Ninefold } from '../../src/start-app';

export const APP_URL = 'http://app.test';

interface MailRow {
  readonly id: string;
  readonly message: string;
  readonly to: string;
  readonly params: unknown;
  readonly link: unknown;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** A delivered mail: its message, recipient and params (link included), or dropped (null). */
export interface Delivered {
  readonly message: string;
  readonly to: string;
  readonly params: Readonly<Record<string, string | number>> | null;
}

/**
 * Delivers every queued mail (to `to`, or all) and answers them in order.
 * @example const [mail] = await deliver(t.nf, 'ann@example.com'); mail.params?.link
 */
export async function deliver(nf: Ninefold, to?: string): Promise<Delivered[]> {
  const resolve = accountLinks(nf.core.app);
  let q = nf.db.qb.selectFrom('nf_mail').selectAll().where('status', '=', 'queued').orderBy('id');
  if (to) q = q.where('to', '=', to);
  const rows = await nf.db.all<MailRow>(q);
  const out: Delivered[] = [];
  for (const row of rows) {
    const mail = { ...row, params: json(row.params), link: json(row.link) };
    const resolved = await nf.db.transaction(async (tx) => {
      const r = await resolve(tx, mail, { now: nf.core.now(), appUrl: APP_URL });
      await tx.run(
        tx.qb
          .updateTable('nf_mail')
          .set({ status: r ? 'sent' : 'dropped' })
          .where('id', '=', row.id),
      );
      return r;
    });
    out.push({ message: row.message, to: row.to, params: resolved?.params ?? null });
  }
  return out;
}

/**
 * The token in the link of the newest mail delivered to `to` (throws when none had a link).
 * @example const token = await tokenFor(t.nf, 'ann@example.com', '/accept-invite');
 */
export async function tokenFor(nf: Ninefold, to: string, route: string): Promise<string> {
  const mails = (await deliver(nf, to)).filter((m) => m.params !== null);
  const link = String(mails.at(-1)?.params?.link ?? '');
  if (!link.startsWith(`${APP_URL}${route}?token=`))
    throw new Error(`no ${route} link mailed to ${to}: ${link}`);
  return new URL(link).searchParams.get('token')!;
}
