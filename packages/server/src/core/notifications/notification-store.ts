/**
 * In-app notifications in `nf_notifications`: written in the transaction of the write that
 * caused them, read and marked read by their person alone. Each row keeps the role its words
 * were judged for, and is served only to its person acting as that role: the same person may
 * act as a narrower role (an API key's, an unverified address's `actAs`, a demotion), and the
 * words told to the wider role may hold what the narrower one may not read. Each person keeps
 * their newest `KEPT_PER_PERSON`; older ones are deleted as new ones arrive, so the table
 * stays bounded.
 */
import type { NotificationItem } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import { uuid7 } from '../uuid7';
import type { NotificationText } from './notification-text';

/**
 * How many notifications a person keeps.
 * @example expect(rows.length).toBeLessThanOrEqual(KEPT_PER_PERSON)
 */
export const KEPT_PER_PERSON = 500;

/** A row of `nf_notifications`. */
export interface NotificationRow {
  readonly id: string;
  readonly userId: string;
  /** The role it was judged for. */
  readonly role: string;
  readonly notification: string;
  readonly title: string;
  readonly body: string | null;
  readonly linkEntity: string | null;
  readonly linkId: string | null;
  readonly createdAt: string | Date;
  readonly readAt: string | Date | null;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * A row as the wire carries it.
 * @example const item = notificationItem(row); item.link // { entity: 'tickets', id }
 */
export function notificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    notification: row.notification,
    title: row.title,
    body: row.body,
    link: row.linkEntity && row.linkId ? { entity: row.linkEntity, id: row.linkId } : null,
    createdAt: iso(row.createdAt)!,
    readAt: iso(row.readAt),
  };
}

/** Whom a notification is for: the person, and the role it was judged for. */
export interface NotifiedAs {
  readonly id: string;
  readonly role: string;
}

/**
 * Writes one in-app notification for a person judged as `to.role` (and forgets their oldest
 * past the cap, whatever role those were for).
 * @example const item = await storeNotification(tx, { id: user.id, role: 'customer' }, 'agentReplied', text, scope.now);
 */
export async function storeNotification(
  exec: Executor,
  to: NotifiedAs,
  notification: string,
  text: NotificationText,
  now: Date,
): Promise<NotificationItem> {
  const row: NotificationRow = {
    id: uuid7(now.getTime()),
    userId: to.id,
    role: to.role,
    notification,
    title: text.title,
    body: text.body,
    linkEntity: text.link?.entity ?? null,
    linkId: text.link?.id ?? null,
    createdAt: now.toISOString(),
    readAt: null,
  };
  await exec.run(exec.qb.insertInto('nf_notifications').values(row));
  // The index on (userId, id) finds the cut-off at once; nothing is deleted until one passes it.
  const cutoff = exec.qb
    .selectFrom('nf_notifications')
    .select('id')
    .where('userId', '=', to.id)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(KEPT_PER_PERSON - 1);
  await exec.run(exec.qb.deleteFrom('nf_notifications').where('userId', '=', to.id).where('id', '<', cutoff));
  return notificationItem(row);
}

/**
 * How many of the notifications judged for `who` (a person acting as a role) are unread.
 * @example const unread = await unreadCount(db, caller);
 */
export async function unreadCount(exec: Executor, who: NotifiedAs): Promise<number> {
  const rows = await exec.all<{ n: number | string }>(
    exec.qb
      .selectFrom('nf_notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('userId', '=', who.id)
      .where('role', '=', who.role)
      .where('readAt', 'is', null),
  );
  return Number(rows[0]?.n ?? 0);
}
