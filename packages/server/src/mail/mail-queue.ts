/**
 * The queue's rows (nf_mail): finding what is due, taking one with a lease, and settling it.
 * Every settling update names the lease it holds, so a process whose lease ran out (and whose
 * mail another process took over) changes nothing.
 */
import type { MailEntry } from '@ninefold/spec';
import type { Database, Executor } from '../db/database';
import type { MailLink, QueuedMail } from './link-resolver';

/**
 * A queued mail with how often it was tried.
 * @example const mail: ClaimedMail | null = await loadMail(tx, id); mail?.attempts // 0 on its first try
 */
export interface ClaimedMail extends QueuedMail {
  readonly attempts: number;
}

type MailRow = {
  id: string;
  message: string;
  to: string;
  params: unknown;
  link: unknown;
  status: MailEntry['status'];
  subject: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

// SQLite hands JSON back as text; PostgreSQL (jsonb) parsed.
function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The ids of mail due at `now` and held by nobody, oldest first.
 * @example await dueMail(db, new Date().toISOString(), 20)
 */
export async function dueMail(db: Executor, now: string, limit: number): Promise<string[]> {
  const rows = await db.all<{ id: string }>(
    db.qb
      .selectFrom('nf_mail')
      .select('id')
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', now)
      .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<=', now)]))
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(limit),
  );
  return rows.map((r) => r.id);
}

/**
 * Takes a due mail until `lease`: true when this call took it. One conditional update, so of
 * several processes on one database exactly one succeeds.
 * @example if (await claimMail(db, id, now, lease)) await send(id);
 */
export async function claimMail(db: Database, id: string, now: string, lease: string): Promise<boolean> {
  const changed = await db.run(
    db.qb
      .updateTable('nf_mail')
      .set({ lockedUntil: lease })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', now)
      .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<=', now)])),
  );
  return changed === 1;
}

/** @example const mail = await loadMail(tx, id); */
export async function loadMail(exec: Executor, id: string): Promise<ClaimedMail | null> {
  const [row] = await exec.all<MailRow>(exec.qb.selectFrom('nf_mail').selectAll().where('id', '=', id));
  if (!row) return null;
  return {
    id: row.id,
    message: row.message,
    to: row.to,
    params: json<Record<string, string | number>>(row.params) ?? {},
    link: json<MailLink>(row.link),
    attempts: Number(row.attempts),
  };
}

/**
 * Settles a mail this process holds under `lease`: sent, dropped, failed, or queued again.
 * @example await settleMail(db, id, lease, { status: 'sent', subject, sentAt: now, attempts: 1 })
 */
export async function settleMail(
  exec: Executor,
  id: string,
  lease: string,
  change: {
    readonly status: MailEntry['status'];
    readonly attempts?: number;
    readonly subject?: string;
    readonly sentAt?: string;
    readonly nextAttemptAt?: string;
    readonly error?: string | null;
  },
): Promise<boolean> {
  const changed = await exec.run(
    exec.qb
      .updateTable('nf_mail')
      .set({ ...change, lockedUntil: null })
      .where('id', '=', id)
      .where('lockedUntil', '=', lease),
  );
  return changed === 1;
}

/**
 * The latest mail, newest first, as `GET /api/mail` lists it.
 * @example await recentMail(db, 50)
 */
export async function recentMail(db: Executor, limit: number): Promise<MailEntry[]> {
  const rows = await db.all<MailRow>(
    db.qb
      .selectFrom('nf_mail')
      .select(['id', 'message', 'to', 'status', 'subject', 'attempts', 'createdAt', 'sentAt', 'error'])
      .orderBy('id', 'desc')
      .limit(limit),
  );
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    to: r.to,
    subject: r.subject ?? null,
    status: r.status,
    attempts: Number(r.attempts),
    createdAt: r.createdAt,
    sentAt: r.sentAt ?? null,
    error: r.error ?? null,
  }));
}
