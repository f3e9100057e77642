/**
 * Automation at the end of every write, inside its transaction: timers are planned or
 * cancelled, triggers run (or are queued as jobs), webhook deliveries and notifications are
 * queued — all committed with the write or not at all, so nothing acknowledged is lost. What
 * a trigger does is heard in turn, until nothing new happens. Files a change took out of
 * their records are marked for removal here too, whatever made the change.
 */

import type { WebhookTargets } from '../../jobs/job-types';
import { queueWebhooks } from '../../webhooks/queue-webhooks';
import type { ChangeEvent } from '../changes/change-event';
import { dropRemovedFiles, hasFileFields } from '../files/file-removal';
import { notify } from '../notifications/notify';
import type { RecordScope } from '../records/record-scope';
import { planTimers } from './plan-timers';
import { runTriggers } from './run-triggers';

/** What automation knows of the deployment besides the spec. */
export interface AutomationSetup {
  /** The webhooks' targets: one without a target is off, and nothing is queued for it. */
  readonly webhooks: WebhookTargets;
  /** Whether notifications may go out by email (not for a seed's historical writes). */
  readonly email: boolean;
}

/** Rounds of triggers starting triggers before a write is refused as a loop. */
const MAX_ROUNDS = 16;

/**
 * Hears the changes a write made (and those its triggers made) before it commits.
 * @example await automate(scope, setup); // in core's write, after the operation
 */
export async function automate(scope: RecordScope, setup: AutomationSetup): Promise<void> {
  const files = hasFileFields(scope.app);
  const automated = hasAutomation(scope);
  if (!files && !automated) return;
  let seen = 0;
  for (let round = 1; seen < scope.events.length; round++) {
    if (round > MAX_ROUNDS) throw new Error('Triggers kept starting each other: a loop in the spec?');
    const batch = scope.events.slice(seen).filter((e): e is ChangeEvent => e.kind === 'change');
    seen = scope.events.length;
    if (batch.length === 0) continue;
    // Files a change took out of their records go after the commit (file-removal.ts).
    if (files) await dropRemovedFiles(scope, batch);
    if (!automated) continue;
    await runTriggers(scope, batch);
    await planTimers(scope, batch);
    await queueWebhooks(scope, batch, setup.webhooks);
    await notify(scope, batch, { email: setup.email });
  }
}

const cache = new WeakMap<object, boolean>();

// An app with no automation pays nothing for it.
function hasAutomation(scope: RecordScope): boolean {
  const { app } = scope;
  let has = cache.get(app);
  if (has === undefined) {
    has =
      Object.keys(app.triggers).length > 0 ||
      Object.keys(app.webhooks).length > 0 ||
      Object.keys(app.notifications).length > 0 ||
      Object.values(app.entities).some((e) =>
        Object.values(e.states?.transitions ?? {}).some((t) => t.after !== undefined),
      );
    cache.set(app, has);
  }
  return has;
}
