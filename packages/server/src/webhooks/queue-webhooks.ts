/**
 * Outgoing webhooks: a delivery job for each change a webhook of the spec listens for, its
 * payload cut to what the webhook's role may read, queued in the write's transaction — so a
 * committed change is always delivered (at least once) and a refused one never is.
 */
import type { App, WebhookNode } from '@ninefold/spec';
import { eventMatches } from '../core/automation/event-match';
import type { ChangeEvent } from '../core/changes/change-event';
import type { RecordScope } from '../core/records/record-scope';
import { uuid7 } from '../core/uuid7';
import { enqueueJob } from '../jobs/job-queue';
import type { WebhookTargets } from '../jobs/job-types';
import { roleScope, webhookPayload } from './webhook-payload';

/**
 * Tries of one delivery before it is dead: with the worker's backoff (5 s doubling to an
 * hour) about three hours of a receiver being down; then an admin retries it from the console.
 * @example expect(job.maxAttempts).toBe(WEBHOOK_ATTEMPTS)
 */
export const WEBHOOK_ATTEMPTS = 12;

/** A delivery job's payload: the message's id and its body, frozen when it was queued. */
export interface WebhookMessage {
  /** `webhook-id`: the same on every try, for the receiver to drop what it has had. */
  readonly id: string;
  /** The JSON text sent: every retry sends the same bytes, so the same signature input. */
  readonly body: string;
}

const LIVE = new WeakMap<object, WeakMap<object, readonly WebhookNode[]>>();

/** The spec's webhooks that have a target: none for most apps, found once per setup. */
function liveWebhooks(app: App, targets: WebhookTargets): readonly WebhookNode[] {
  let byApp = LIVE.get(targets);
  if (!byApp) {
    byApp = new WeakMap();
    LIVE.set(targets, byApp);
  }
  let live = byApp.get(app);
  if (!live) {
    live = Object.values(app.webhooks).filter((w) => targets[w.name] !== undefined);
    byApp.set(app, live);
  }
  return live;
}

/**
 * Queues the deliveries the changes of a write call for: one job per webhook and change it
 * listens for whose record its role may read.
 * @example await queueWebhooks(scope, changes, targets);
 */
export async function queueWebhooks(
  scope: RecordScope,
  changes: readonly ChangeEvent[],
  targets: WebhookTargets,
): Promise<void> {
  const webhooks = liveWebhooks(scope.app, targets);
  if (webhooks.length === 0) return;
  for (const webhook of webhooks) {
    let reader: RecordScope | undefined;
    for (const change of changes) {
      if (!(await listensFor(scope, webhook, change))) continue;
      reader ??= roleScope(scope.app, scope.exec, webhook.role, scope.now);
      const payload = await webhookPayload(reader, change);
      if (!payload) continue;
      const message: WebhookMessage = { id: uuid7(scope.now.getTime()), body: JSON.stringify(payload) };
      await enqueueJob(
        scope.exec,
        {
          kind: 'webhook',
          name: webhook.name,
          payload: { ...message },
          runAt: scope.now,
          entity: change.entity,
          recordId: change.id,
          maxAttempts: WEBHOOK_ATTEMPTS,
        },
        scope.now,
      );
    }
  }
}

async function listensFor(scope: RecordScope, webhook: WebhookNode, change: ChangeEvent): Promise<boolean> {
  for (const on of webhook.on) if (on.op !== 'timer' && (await eventMatches(scope, on, change))) return true;
  return false;
}
