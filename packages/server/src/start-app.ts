/**
 * One call from a spec to a running backend: open the database, bring its schema to the
 * spec, build the core, the HTTP server and the mail worker.
 */
import type { App } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { accountLinks } from './core/accounts/account-links';
import { planSchedules } from './core/automation/plan-schedules';
import { replanTimers } from './core/automation/replan-timers';
import { changeBusFor } from './core/changes/change-bus';
import { type Core, type CoreOptions, createCore } from './core/ninefold-core';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { syncSchema } from './db/schema/sync-schema';
import { buildServer, type ServerOptions } from './http/build-server';
import { JOB_HANDLERS } from './jobs/job-handlers';
import type { WebhookTargets } from './jobs/job-types';
import { JobWorker, type JobWorkerOptions } from './jobs/job-worker';
import type { MailOptions } from './mail/mail-options';
import { Mailer } from './mail/mailer';

const MAILING = /^\/api\/(actions|auth)\//;

export interface NinefoldOptions extends CoreOptions, Omit<ServerOptions, 'mailer' | 'jobs'> {
  /** `postgres://…`, `sqlite:<file>`, a file path, or `:memory:`. */
  readonly database: string | Database;
  readonly allowDestructive?: boolean;
  /** How mail leaves: SMTP, or (without `smtpUrl`) the development outbox. */
  readonly mail?: MailOptions;
  /** How the job worker runs (timers, triggers, schedules, webhook deliveries). */
  readonly jobs?: JobWorkerOptions;
  /** The webhooks' targets; the CLI reads them from `WEBHOOK_<NAME>_URL` and `_SECRET`. */
  readonly webhooks?: WebhookTargets;
}

export interface Ninefold {
  readonly core: Core;
  readonly db: Database;
  readonly server: FastifyInstance;
  /** The mail worker: `deliverDue()`, `recent()`, and in development its `outbox`. */
  readonly mailer: Mailer;
  /** The job worker: `runDue()` (after moving a test's clock), `list()`, `retry()`. */
  readonly jobs: JobWorker;
  close(): Promise<void>;
}

/**
 * @example
 * const nf = await createNinefold(app, { database: ':memory:' });
 * const res = await nf.server.inject({ method: 'GET', url: '/api/health' });
 */
export async function createNinefold(app: App, options: NinefoldOptions): Promise<Ninefold> {
  const db = typeof options.database === 'string' ? openDatabase(options.database) : options.database;
  await syncSchema(db, app, { allowDestructive: options.allowDestructive ?? false });
  // Decided by the database, not by the form it came in: a CLI start hands it in opened, and
  // took the in-process bus on PostgreSQL before, so its processes never heard each other.
  const bus = await changeBusFor(db);
  const webhooks = options.webhooks ?? {};
  const core = createCore(app, db, { bus, webhooks, ...(options.now ? { now: options.now } : {}) });
  // The worker logs where the server does, once there is one.
  const logs: { server?: FastifyInstance } = {};
  const mailer = new Mailer(
    { app, db, now: core.now, resolve: accountLinks(app), log: (m) => logs.server?.log.error(m) },
    options.mail,
  );
  const jobs = new JobWorker(
    { app, db, core, handlers: JOB_HANDLERS, webhooks, log: (m) => logs.server?.log.error(m) },
    options.jobs,
  );
  const server = await buildServer(core, { ...options, mailer, jobs });
  logs.server = server;
  // Any write may tell someone by email when a notification of the app does.
  const mails = Object.values(app.notifications).some((n) => n.channels.email);
  // Actions and account flows queue mail; their answer goes out once the write committed,
  // so the worker may look at once rather than at its next poll.
  server.addHook('onResponse', (req, reply, done) => {
    const wrote = req.method !== 'GET' && reply.statusCode < 300;
    if (wrote && (mails || (req.method === 'POST' && MAILING.test(req.url)))) mailer.kick();
    // Any write may have queued a job due now (a trigger's, a webhook delivery).
    if (wrote) jobs.kick();
    done();
  });
  mailer.start();
  await replanTimers(core);
  await planSchedules(core);
  jobs.start();
  return {
    core,
    db,
    server,
    mailer,
    jobs,
    close: async () => {
      await server.close();
      await jobs.close();
      await mailer.close();
      await bus.close();
      await db.close();
    },
  };
}
