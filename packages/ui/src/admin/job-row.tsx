/**
 * One job of the queue as a row: what it is, the record it is about (linked), its status,
 * attempts, the time that matters now, the last error, and "Retry" for a job that
 * failed for good or was cancelled.
 */
import type { JobEntry } from '@ninefold/spec';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { singular } from '../format/singular';
import { useMeta } from '../meta/meta-provider';
import { Link } from '../router/link';
import { screenRoute } from '../screens/screen-entries';
import { useSession } from '../session/session-provider';
import { canRetry, JOB_KINDS, JOB_STATUSES, jobTime } from './job-labels';

/**
 * @example <tbody>{jobs.map((job) => <JobRow key={job.id} job={job} />)}</tbody>
 */
export function JobRow({ job }: { readonly job: JobEntry }) {
  const meta = useMeta();
  const { role } = useSession();
  const retry = nf.useRetryJob();
  const notify = useNotify();
  const time = jobTime(job);
  const entity = job.entity ? meta.entities[job.entity] : undefined;
  const to =
    job.entity && job.recordId
      ? screenRoute(meta.screens, role, job.entity, 'detail', { id: job.recordId })
      : undefined;
  const record = job.recordId
    ? `${entity ? singular(entity.label) : job.entity} ${job.recordId.slice(-8)}`
    : null;
  const run = () =>
    retry.mutate(job.id, {
      onSuccess: () => notify.success(`${JOB_KINDS[job.kind]} “${job.name}” queued to run again.`),
      onError: (e) => notify.error(e),
    });
  return (
    <tr>
      <th scope="row">
        {job.name}
        <span className="admin-muted"> · {JOB_KINDS[job.kind] ?? job.kind}</span>
      </th>
      <td>{record ? to ? <Link to={to}>{record}</Link> : record : <span className="admin-muted">—</span>}</td>
      <td>{JOB_STATUSES[job.status] ?? job.status}</td>
      <td>{job.attempts}</td>
      <td>
        {time.label} <time dateTime={time.at}>{new Date(time.at).toLocaleString()}</time>
      </td>
      <td>
        {job.error ? (
          <code className="admin-job-error">{job.error}</code>
        ) : (
          <span className="admin-muted">—</span>
        )}
      </td>
      <td>
        {canRetry(job) && (
          <button
            type="button"
            className="secondary admin-small"
            aria-label={`Retry ${job.name}`}
            disabled={retry.isPending}
            onClick={run}
          >
            Retry
          </button>
        )}
      </td>
    </tr>
  );
}
