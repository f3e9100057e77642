/**
 * Each person's channels per notification (`nf_notification_prefs`, id `<userId>:<name>`):
 * what they chose, else the notification's own defaults. A person sees and sets only the
 * notifications the role they act as now could ever receive — the role their notifications
 * are judged for (notification-recipients.ts): an unverified account acting as another role
 * sets what that role receives, so they can turn off whatever reaches them.
 */
import type { App, NotificationNode, NotificationPreference, NotificationPreferences } from '@ninefold/spec';
import type { Database, Executor } from '../../db/database';
import { AppError, type FieldIssue, validationFailed } from '../app-error';
import { accessRule } from '../rules/access-rule';
import type { Caller } from '../rules/rule-context';

/** A person's channels for one notification. */
export interface Channels {
  readonly app: boolean;
  readonly email: boolean;
}

interface PrefRow {
  readonly id: string;
  readonly userId: string;
  readonly notification: string;
  readonly app: unknown;
  readonly email: unknown;
}

const on = (v: unknown) => v === true || v === 1;
const prefId = (userId: string, name: string) => `${userId}:${name}`;

/**
 * Each person's channels for `node`, by user id: their choice, or the node's defaults.
 * @example const channels = await channelsFor(tx, node, ['0191…']); channels.get(id)?.email
 */
export async function channelsFor(
  exec: Executor,
  node: NotificationNode,
  userIds: readonly string[],
): Promise<Map<string, Channels>> {
  const chosen = new Map<string, Channels>(userIds.map((id) => [id, node.channels]));
  if (userIds.length === 0) return chosen;
  const rows = await exec.all<PrefRow>(
    exec.qb
      .selectFrom('nf_notification_prefs')
      .selectAll()
      .where(
        'id',
        'in',
        userIds.map((id) => prefId(id, node.name)),
      ),
  );
  for (const r of rows) chosen.set(r.userId, { app: on(r.app), email: on(r.email) });
  return chosen;
}

/**
 * The notifications a role could receive: those whose event's records it may read at all.
 * `role` is the one the person acts as (the caller's), as notifyOn judges them.
 * @example receivable(app, 'customer').map((n) => n.name) // ['agentReplied', 'ticketResolved']
 */
export function receivable(app: App, role: string): NotificationNode[] {
  return Object.values(app.notifications).filter(
    (n) => accessRule(app, n.on.entity, role, 'read').kind !== 'deny',
  );
}

/** What the preferences need of the core. */
export type PrefsCore = { readonly app: App; readonly db: Database };

function signedIn(caller: Caller | null): Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED');
  return caller;
}

/**
 * The caller's channels for every notification their role could receive.
 * @example const { items } = await preferencesOf(core, caller);
 */
export async function preferencesOf(core: PrefsCore, who: Caller | null): Promise<NotificationPreferences> {
  const caller = signedIn(who);
  const rows = await core.db.all<PrefRow>(
    core.db.qb.selectFrom('nf_notification_prefs').selectAll().where('userId', '=', caller.id),
  );
  const mine = new Map(rows.map((r) => [r.notification, { app: on(r.app), email: on(r.email) }]));
  const items: NotificationPreference[] = receivable(core.app, caller.role).map((n) => ({
    notification: n.name,
    label: n.label,
    ...(mine.get(n.name) ?? n.channels),
  }));
  return { items };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The patch read, or every issue with it. */
function readPatch(
  names: ReadonlySet<string>,
  body: unknown,
): { patch: Map<string, Partial<Channels>>; issues: FieldIssue[] } {
  const patch = new Map<string, Partial<Channels>>();
  const issues: FieldIssue[] = [];
  if (!isObject(body)) {
    issues.push({ path: '', code: 'type', message: 'Send an object of notifications and their channels.' });
    return { patch, issues };
  }
  for (const [name, value] of Object.entries(body)) {
    if (!names.has(name)) {
      issues.push({
        path: name,
        code: 'unknown_field',
        message: `'${name}' is not a notification you receive.`,
      });
      continue;
    }
    if (!isObject(value)) {
      issues.push({ path: name, code: 'type', message: 'Give the channels to change: { app?, email? }.' });
      continue;
    }
    const change: { app?: boolean; email?: boolean } = {};
    for (const [channel, v] of Object.entries(value)) {
      if (channel !== 'app' && channel !== 'email')
        issues.push({
          path: `${name}.${channel}`,
          code: 'unknown_field',
          message: `Unknown channel '${channel}'.`,
        });
      else if (typeof v !== 'boolean')
        issues.push({ path: `${name}.${channel}`, code: 'type', message: 'Give true or false.' });
      else change[channel] = v;
    }
    patch.set(name, change);
  }
  return { patch, issues };
}

/**
 * Changes the caller's channels (`PATCH /api/notifications/preferences`) and answers them
 * all; a patch with any issue changes nothing and answers VALIDATION_FAILED listing each.
 * @example await updatePreferences(core, caller, { agentReplied: { email: false } });
 */
export async function updatePreferences(
  core: PrefsCore,
  who: Caller | null,
  body: unknown,
): Promise<NotificationPreferences> {
  const caller = signedIn(who);
  const current = await preferencesOf(core, caller);
  const byName = new Map(current.items.map((p) => [p.notification, p]));
  const { patch, issues } = readPatch(new Set(byName.keys()), body);
  if (issues.length > 0) throw validationFailed(issues);
  await core.db.transaction(async (tx) => {
    for (const [name, change] of patch) {
      const was = byName.get(name)!;
      const row = {
        id: prefId(caller.id, name),
        userId: caller.id,
        notification: name,
        app: change.app ?? was.app,
        email: change.email ?? was.email,
      };
      await tx.run(
        tx.qb
          .insertInto('nf_notification_prefs')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet({ app: row.app, email: row.email })),
      );
    }
  });
  return preferencesOf(core, caller);
}
