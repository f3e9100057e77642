/**
 * Delivers one webhook event, signed (Standard Webhooks); a failure is tried again with backoff.
 */
import type { JobHandler } from '../jobs/job-types';

/**
 * The `deliverWebhook` job handler.
 * @example handlers: { ..., deliverWebhook }
 */
export const deliverWebhook: JobHandler = async () => {
  throw new Error('not built yet');
};
