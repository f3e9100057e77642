/**
 * A person's notification centre: their notifications newest first (keyset on the
 * time-ordered id), how many are unread, and marking them read. Always the caller's own, and
 * only those judged for the role the caller acts as now: a person's API key narrowed to
 * another role, their unverified account acting as another, or they after a demotion would
 * otherwise read words judged for what that role may not read. Another person's
 * notification, or one judged for another role, is NOT_FOUND, exactly as one that never existed.
 */
import type { App, NotificationList, UnreadAnswer } from '@ninefold/spec';
import type { Database } from '../../db/database';
import { AppError } from '../app-error';
import type { Caller } from '../rules/rule-context';
import { isUuid } from '../uuid7';
import { type NotificationRow, notificationItem, unreadCount } from './notification-store';

/** What the centre needs of the core. */
export type InboxCore = { readonly app: App; readonly db: Database; readonly now: () => Date };

function signedIn(caller: Caller | null): Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED');
  return caller;
}

const bad = (reason: string) => new AppError('MALFORMED_REQUEST', { reason });

function one(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw bad(`give ${name} once.`);
  return value;
}

/**
 * `GET /api/notifications?limit=&cursor=`: a page of the caller's notifications, newest first.
 * @example const { items, unread, nextCursor } = await listNotifications(core, caller, { limit: '20' });
 */
export async function listNotifications(
  core: InboxCore,
  who: Caller | null,
  query: Readonly<Record<string, unknown>>,
): Promise<NotificationList> {
  const caller = signedIn(who);
  const { pageSize } = core.app.limits;
  for (const k of Object.keys(query))
    if (k !== 'limit' && k !== 'cursor') throw bad(`'${k}' is not a parameter of this list.`);
  const limitText = one(query.limit, 'limit');
  const n = limitText === undefined ? pageSize.default : Number(limitText);
  if (!Number.isInteger(n) || n < 1) throw bad('limit must be a whole number of at least 1.');
  const limit = Math.min(n, pageSize.max);
  const cursor = one(query.cursor, 'cursor');
  if (cursor !== undefined && !isUuid(cursor)) throw bad('cursor is not one this list gave.');
  let q = core.db.qb
    .selectFrom('nf_notifications')
    .selectAll()
    .where('userId', '=', caller.id)
    .where('role', '=', caller.role);
  if (cursor !== undefined) q = q.where('id', '<', cursor);
  const rows = await core.db.all<NotificationRow>(q.orderBy('id', 'desc').limit(limit + 1));
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    items: page.map(notificationItem),
    unread: await unreadCount(core.db, caller),
    nextCursor: more ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * `POST /api/notifications/{id}/read`: marks one of the caller's notifications read.
 * @example const { unread } = await readNotification(core, caller, id);
 */
export async function readNotification(
  core: InboxCore,
  who: Caller | null,
  id: string,
): Promise<UnreadAnswer> {
  const caller = signedIn(who);
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const at = core.now().toISOString();
  return core.db.transaction(async (tx) => {
    const mine = tx.qb
      .selectFrom('nf_notifications')
      .select('id')
      .where('id', '=', id)
      .where('userId', '=', caller.id)
      .where('role', '=', caller.role);
    if ((await tx.all(mine)).length === 0) throw new AppError('NOT_FOUND');
    await tx.run(
      tx.qb
        .updateTable('nf_notifications')
        .set({ readAt: at })
        .where('id', '=', id)
        .where('userId', '=', caller.id)
        .where('role', '=', caller.role)
        .where('readAt', 'is', null),
    );
    return { unread: await unreadCount(tx, caller) };
  });
}

/**
 * `POST /api/notifications/read-all`: marks read every one of the caller's notifications
 * judged for the role they act as now.
 * @example await readAllNotifications(core, caller); // { unread: 0 }
 */
export async function readAllNotifications(core: InboxCore, who: Caller | null): Promise<UnreadAnswer> {
  const caller = signedIn(who);
  const at = core.now().toISOString();
  return core.db.transaction(async (tx) => {
    await tx.run(
      tx.qb
        .updateTable('nf_notifications')
        .set({ readAt: at })
        .where('userId', '=', caller.id)
        .where('role', '=', caller.role)
        .where('readAt', 'is', null),
    );
    return { unread: await unreadCount(tx, caller) };
  });
}
