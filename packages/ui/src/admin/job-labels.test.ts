import type { JobStatus } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { canRetry, jobTime } from './job-labels';

const RUN = '2030-01-02T00:00:00.000Z';
const END = '2030-01-02T00:00:05.000Z';

describe('the job queue in the console', () => {
  it.each<[JobStatus, boolean, string, string]>([
    ['queued', false, 'Runs', RUN],
    ['running', false, 'Started', RUN],
    ['done', false, 'Ended', END],
    ['dead', true, 'Ended', END],
    ['cancelled', true, 'Ended', END],
  ])('a %s job: retry %s, shows "%s"', (status, retry, label, at) => {
    expect(canRetry({ status })).toBe(retry);
    expect(
      jobTime({ status, runAt: RUN, finishedAt: status === 'queued' || status === 'running' ? null : END }),
    ).toEqual({
      label,
      at,
    });
  });

  it('falls back to the run time for an ended job with no end recorded', () => {
    expect(jobTime({ status: 'cancelled', runAt: RUN, finishedAt: null })).toEqual({
      label: 'Ended',
      at: RUN,
    });
  });
});
