/**
 * Which handler runs each kind of job: one line per kind, each kept beside what it serves.
 */
import { actionJob } from '../core/automation/action-job';
import { fireTimer } from '../core/automation/fire-timer';
import { scheduleJob } from '../core/automation/schedule-job';
import { triggerJob } from '../core/automation/trigger-job';
import { removeFileJob } from '../core/files/file-removal';
import { deliverWebhook } from '../webhooks/deliver-webhook';
import type { JobHandler, JobKind } from './job-types';

/**
 * Every kind's handler.
 * @example new JobWorker({ ...setup, handlers: JOB_HANDLERS })
 */
export const JOB_HANDLERS: { readonly [K in JobKind]: JobHandler } = {
  timer: fireTimer,
  trigger: triggerJob,
  schedule: scheduleJob,
  action: actionJob,
  webhook: deliverWebhook,
  file: removeFileJob,
};
