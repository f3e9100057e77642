/**
 * The job queue (`GET /api/jobs`), newest first: timed transitions, triggers, schedules,
 * actions and webhook deliveries — so this is the webhooks' delivery log too — each with its
 * status, attempts, next run or end, and last error; filtered by status and kind. A job that
 * failed for good or was cancelled can be run again. The list keeps up by itself.
 */
import type { JobKind, JobStatus } from '@ninefold/spec';
import { type ChangeEvent, useState } from 'react';
import { nf } from '../data/ninefold';
import { JOB_KINDS, JOB_STATUSES } from './job-labels';
import { JobRow } from './job-row';
import { ListFooter } from './list-footer';
import { LoadingRow } from './loading-row';
import { PanelProblem } from './panel-problem';
import { ScrollBox } from './scroll-box';

/**
 * @example <JobsPanel />
 */
export function JobsPanel() {
  const [status, setStatus] = useState<JobStatus | ''>('');
  const [kind, setKind] = useState<JobKind | ''>('');
  const jobs = nf.useJobs({
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    refetchInterval: 5_000,
  });
  // The options are the known statuses and kinds, so the value is one of them (or any).
  const value = <T,>(e: ChangeEvent<HTMLSelectElement>) => e.currentTarget.value as T;
  const loading = jobs.isFetching && !jobs.isRefetching;
  return (
    <section aria-labelledby="admin-jobs-h">
      <h2 id="admin-jobs-h">Jobs</h2>
      <p className="admin-lede">
        What the app does by itself: timed transitions, triggers, schedules and webhook deliveries. A job that
        fails is tried again with a growing delay; after its last attempt it fails for good and can be run
        again here.
      </p>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="jobs-status">Status</label>
          <select id="jobs-status" value={status} onChange={(e) => setStatus(value(e))}>
            <option value="">Any status</option>
            {Object.entries(JOB_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="jobs-kind">Kind</label>
          <select id="jobs-kind" value={kind} onChange={(e) => setKind(value(e))}>
            <option value="">Any kind</option>
            {Object.entries(JOB_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PanelProblem error={jobs.error} />
      <ScrollBox label="Jobs">
        <table className="admin-table admin-jobs" aria-labelledby="admin-jobs-h" aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Record</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">When</th>
              <th scope="col">Last error</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.isPending && <LoadingRow columns={7} />}
            {jobs.items.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ListFooter
        count={jobs.items.length}
        noun={['job', 'jobs']}
        loading={jobs.isPending}
        more={jobs.hasNextPage}
        onMore={() => void jobs.fetchNextPage()}
        moreLabel="Show older jobs"
      />
    </section>
  );
}
