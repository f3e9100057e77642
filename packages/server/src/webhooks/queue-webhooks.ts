/**
 * Outgoing webhooks: a delivery job for each change a webhook of the spec listens for, its
 * payload cut to what the webhook's role may read, queued in the write's transaction.
 */
import type { ChangeEvent } from '../core/changes/change-event';
import type { RecordScope } from '../core/records/record-scope';
import type { WebhookTargets } from '../jobs/job-types';

/**
 * Queues the deliveries the changes of a write call for.
 * @example await queueWebhooks(scope, changes, targets);
 */
export async function queueWebhooks(
  _scope: RecordScope,
  _changes: readonly ChangeEvent[],
  _targets: WebhookTargets,
): Promise<void> {}
