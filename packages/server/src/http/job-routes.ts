/**
 * `GET /api/jobs` and `POST /api/jobs/{id}/retry`: the job queue for admins, webhook
 * deliveries included.
 */
import { isAdminRole, type JobEntry, type JobKind, type JobStatus } from '@ninefold/spec';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import { JOB_LIST_DEFAULT, JOB_LIST_MAX, type JobQuery, listJobs, retryJob } from '../jobs/job-entries';
import type { JobWorker } from '../jobs/job-worker';
import { serveRoute } from './serve-route';

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'done', 'dead', 'cancelled'];
const KINDS: readonly JobKind[] = ['timer', 'trigger', 'schedule', 'action', 'webhook', 'file'];

/** A page of the queue: the newest first, and the id to pass as `before` for the next. */
interface JobPage {
  readonly items: readonly JobEntry[];
  readonly nextCursor: string | null;
}

function admin(core: Core, req: FastifyRequest): void {
  if (!req.caller) throw new AppError('UNAUTHENTICATED');
  if (!isAdminRole(core.app, req.caller.role)) throw new AppError('FORBIDDEN');
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError('MALFORMED_REQUEST', { reason: `${name} must be one of ${allowed.join(', ')}` });
}

/**
 * The list's query string, every parameter checked: a bad one is MALFORMED_REQUEST.
 * @example jobQuery({ status: 'dead', limit: '20' }) // { status: 'dead', limit: 20 }
 */
export function jobQuery(query: Readonly<Record<string, unknown>>): JobQuery {
  const status = oneOf('status', query.status, STATUSES);
  const kind = oneOf('kind', query.kind, KINDS);
  let limit: number | undefined;
  if (query.limit !== undefined) {
    limit = typeof query.limit === 'string' && /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : 0;
    if (limit < 1 || limit > JOB_LIST_MAX)
      throw new AppError('MALFORMED_REQUEST', {
        reason: `limit must be a whole number from 1 to ${JOB_LIST_MAX}`,
      });
  }
  const before = query.before;
  if (before !== undefined && (typeof before !== 'string' || before.length > 64))
    throw new AppError('MALFORMED_REQUEST', { reason: 'before must be a job id' });
  return {
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(limit ? { limit } : {}),
    ...(before ? { before } : {}),
  };
}

/**
 * Registers the job routes; without a worker (a server built on its own) they answer from the
 * queue's rows alone.
 * @example jobRoutes(server, core, jobs);
 */
export function jobRoutes(server: FastifyInstance, core: Core, jobs?: JobWorker): void {
  serveRoute(server, 'listJobs', async (req): Promise<JobPage> => {
    admin(core, req);
    const query = jobQuery(req.query as Record<string, unknown>);
    const items = jobs ? await jobs.list(query) : await listJobs(core.db, core.now(), query);
    const full = items.length === (query.limit ?? JOB_LIST_DEFAULT);
    return { items, nextCursor: full ? (items.at(-1)?.id ?? null) : null };
  });
  serveRoute<{ Params: { id: string } }>(server, 'retryJob', async (req): Promise<JobEntry> => {
    admin(core, req);
    const again = jobs ? await jobs.retry(req.params.id) : await retryJob(core.db, req.params.id, core.now());
    if (again === null) throw new AppError('NOT_FOUND');
    if (again === false)
      throw new AppError('INVALID_TRANSITION', { state: 'queued or done', transition: 'retry' });
    return again;
  });
}
