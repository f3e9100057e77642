/**
 * Notifications: when a change is the event a notification listens for, each person it
 * names who may read the record hears — in the app and by email, as their preferences say —
 * in the write's own transaction: the row and the mail commit with the write or not at all,
 * and the live push goes out only after the commit (staged on the scope's events).
 */
import type { NotificationNode } from '@ninefold/spec';
import { queueMail } from '../../mail/queue-mail';
import { actorScope, eventMatches, eventRecord } from '../automation/event-match';
import type { ChangeEvent } from '../changes/change-event';
import { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { uiPath } from './notification-link';
import { channelsFor } from './notification-prefs';
import { type Recipient, recipientsOf } from './notification-recipients';
import { storeNotification } from './notification-store';
import { notificationText } from './notification-text';

/** How notifications go out. */
export interface NotifyOptions {
  /** `false`: in the app only (a seed's historical writes mail nobody). */
  readonly email?: boolean;
}

/**
 * Queues the notifications the changes of a write call for (timed events are the timers'
 * to fire: they call `notifyOn`).
 * @example await notify(scope, changes);
 */
export async function notify(
  scope: RecordScope,
  changes: readonly ChangeEvent[],
  options: NotifyOptions = {},
): Promise<void> {
  const nodes = Object.values(scope.app.notifications);
  if (nodes.length === 0) return;
  for (const change of changes) {
    for (const node of nodes) {
      if (node.on.op === 'timer') continue;
      // Judged, and its author left out, by who made the change: a trigger's change within a
      // person's write is the system's.
      if (await eventMatches(scope, node.on, change))
        await notifyOn(actorScope(scope, change), node, eventRecord(change), options);
    }
  }
}

/**
 * Tells the people `node` names of `record` (a record of its event's entity), each judged as
 * the role they act as now (recipientsOf): one who may not read it hears nothing, and their
 * words hold only what that role may read; the row keeps the role, and is served to them only
 * while they act as it (notification-store.ts). The caller of `scope`, who caused it, is not
 * told. An address not yet verified is not mailed.
 * @example await notifyOn(systemScope, app.notifications.slaAtRisk, ticket);
 */
export async function notifyOn(
  scope: RecordScope,
  node: NotificationNode,
  record: Rec,
  options: NotifyOptions = {},
): Promise<void> {
  const people = await recipientsOf(scope, node, record, scope.caller?.id);
  if (people.length === 0) return;
  const channels = await channelsFor(
    scope.exec,
    node,
    people.map((p) => p.id),
  );
  for (const person of people) {
    const wants = channels.get(person.id) ?? node.channels;
    // An address not verified yet may not be the person's: it hears in the app alone.
    const email =
      options.email !== false && wants.email && person.mailable && !scope.app.roles[person.role]?.service;
    if (!wants.app && !email) continue;
    await tell(scope, node, record, person, { app: wants.app, email });
  }
}

async function tell(
  scope: RecordScope,
  node: NotificationNode,
  record: Rec,
  person: Recipient,
  channels: { app: boolean; email: boolean },
): Promise<void> {
  const reader = new RecordScope(
    scope.app,
    scope.exec,
    { id: person.id, role: person.role, email: person.email },
    scope.now,
  );
  if (!(await reader.may('read', node.on.entity, record))) return;
  const text = await notificationText(reader, node, record);
  if (channels.app) {
    const notification = await storeNotification(scope.exec, person, node.name, text, scope.now);
    scope.events.push({ kind: 'notification', userId: person.id, role: person.role, notification });
  }
  if (channels.email) {
    const params = {
      name: person.name,
      title: text.title,
      body: text.body ?? '',
      link: uiPath(scope.app, person.role, text.link),
    };
    await queueMail(scope.exec, { message: 'notification', to: person.email, params }, scope.now);
  }
}
