/**
 * How the job queue reads in the console: each kind and status in words, which jobs can be
 * run again, and the one time worth showing for a job in its state.
 */
import type { JobEntry, JobKind, JobStatus } from '@ninefold/spec';

export const JOB_KINDS: Readonly<Record<JobKind, string>> = {
  timer: 'Timed transition',
  trigger: 'Trigger',
  schedule: 'Schedule',
  action: 'Action',
  webhook: 'Webhook delivery',
  file: 'File removal',
};

export const JOB_STATUSES: Readonly<Record<JobStatus, string>> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  dead: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * True for a job an admin may run again: one that failed for good or was cancelled.
 * @example canRetry({ status: 'dead' }) // true
 */
export function canRetry(job: Pick<JobEntry, 'status'>): boolean {
  return job.status === 'dead' || job.status === 'cancelled';
}

/**
 * The time a job's row shows: when it runs (next) while it waits, when it ended after.
 * @example jobTime(job) // { label: 'Runs', at: '2030-01-01T00:00:00.000Z' }
 */
export function jobTime(job: Pick<JobEntry, 'status' | 'runAt' | 'finishedAt'>): {
  readonly label: string;
  readonly at: string;
} {
  if (job.status === 'queued') return { label: 'Runs', at: job.runAt };
  if (job.status === 'running') return { label: 'Started', at: job.runAt };
  return { label: 'Ended', at: job.finishedAt ?? job.runAt };
}
