/**
 * One call from a spec to a running backend: open the database, bring its schema to the
 * spec, build the core, the HTTP server and the mail worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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
import type { FileStore } from './files/file-store';
import { localStore } from './files/local-store';
import { buildServer, type ServerOptions } from './http/build-server';
import { JOB_HANDLERS } from './jobs/job-handlers';
import type { WebhookTargets } from './jobs/job-types';
import { JobWorker, type JobWorkerOptions } from './jobs/job-worker';
import type { MailOptions } from './mail/mail-options';
import { Mailer } from './mail/mailer';

const MAILING = /^\/api\/(actions|auth)\//;

/** How long an upload may stay unfinished before the sweep takes it for abandoned (1 hour). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** How often the sweep runs while the server is up. */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Where files go, and how long the sweep leaves an unfinished upload alone. */
export interface FilesOptions {
  readonly store: FileStore;
  /** Default {@link SWEEP_GRACE_MS}; 0 sweeps every unfinished upload (a test, one process). */
  readonly sweepGraceMs?: number;
}

export interface NinefoldOptions
  extends Omit<CoreOptions, 'files'>,
    Omit<ServerOptions, 'mailer' | 'jobs' | 'onResponse'> {
  /** `postgres://…`, `sqlite:<file>`, a file path, or `:memory:`. */
  readonly database: string | Database;
  readonly allowDestructive?: boolean;
  /** How mail leaves: SMTP, or (without `smtpUrl`) the development outbox. */
  readonly mail?: MailOptions;
  /** How the job worker runs (timers, triggers, schedules, webhook deliveries). */
  readonly jobs?: JobWorkerOptions;
  /** The webhooks' targets; the CLI reads them from `WEBHOOK_<NAME>_URL` and `_SECRET`. */
  readonly webhooks?: WebhookTargets;
  /**
   * Where uploaded files live: a store (`localStore(dir)`, `s3Store({…})`), or a store and the
   * sweep's grace. Default: the disk, `files/` beside an SQLite database file; a temporary
   * directory (removed on close) for `:memory:`; `./.data/files` on PostgreSQL, said in the log.
   */
  readonly files?: FileStore | FilesOptions;
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
  const files = filesOf(options, db);
  const core = createCore(app, db, {
    bus,
    webhooks,
    files: files.store,
    ...(options.now ? { now: options.now } : {}),
  });
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
  // Any write may tell someone by email when a notification of the app does.
  const mails = Object.values(app.notifications).some((n) => n.channels.email);
  // Actions and account flows queue mail; their answer goes out once the write committed,
  // so the worker may look at once rather than at its next poll.
  const server = await buildServer(core, {
    ...options,
    mailer,
    jobs,
    onResponse: (req, reply, done) => {
      const wrote = req.method !== 'GET' && reply.statusCode < 300;
      if (wrote && (mails || (req.method === 'POST' && MAILING.test(req.url)))) mailer.kick();
      // Any write may have queued a job due now (a trigger's, a webhook delivery).
      if (wrote) jobs.kick();
      done();
    },
  });
  logs.server = server;
  if (files.note) server.log.info(files.note);
  const stopSweeping = await startSweeping(core, files.sweepGraceMs, (m) => server.log.error(m));
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
      stopSweeping();
      await server.close();
      await jobs.close();
      await mailer.close();
      await bus.close();
      await db.close();
      await files.store.close?.();
      files.dispose?.();
    },
  };
}

/** The store and the sweep's grace, from the options or by default (see `NinefoldOptions.files`). */
function filesOf(
  options: NinefoldOptions,
  db: Database,
): { store: FileStore; sweepGraceMs: number; note?: string; dispose?: () => void } {
  const given = options.files;
  if (given) {
    const isStore = 'put' in given;
    const store = isStore ? given : given.store;
    return { store, sweepGraceMs: (isStore ? undefined : given.sweepGraceMs) ?? SWEEP_GRACE_MS };
  }
  const url = typeof options.database === 'string' ? options.database : undefined;
  const file = url?.replace(/^sqlite:/, '');
  if (file === ':memory:') {
    // A database that lives as long as the process keeps its files as long, and no longer.
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-files-'));
    const dispose = () => rmSync(dir, { recursive: true, force: true });
    return { store: localStore(dir), sweepGraceMs: SWEEP_GRACE_MS, dispose };
  }
  if (file && !db.sharedUrl) {
    return { store: localStore(join(dirname(resolve(file)), 'files')), sweepGraceMs: SWEEP_GRACE_MS };
  }
  const dir = resolve('.data', 'files');
  return {
    store: localStore(dir),
    sweepGraceMs: SWEEP_GRACE_MS,
    note: `files are kept on the disk at ${dir}: pass the files option (or set S3_BUCKET or FILES_DIR) to keep them elsewhere`,
  };
}

/**
 * Sweeps once now (orphans a crash left), once more when the grace of uploads a crash left
 * just before this start has passed, then every {@link SWEEP_EVERY_MS}; the timers never keep
 * the process alive. A failed sweep is logged and tried again at the next. Answers the stop.
 */
async function startSweeping(core: Core, graceMs: number, log: (m: string) => void): Promise<() => void> {
  const sweep = async () => {
    try {
      await core.files.sweep(graceMs);
    } catch (e) {
      log(`the file sweep failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  // An upload cut off by a crash a moment before this start is not abandoned yet at the first
  // sweep: it is, once its grace has passed (a regression: it waited for the next round).
  const again = graceMs < SWEEP_EVERY_MS ? setTimeout(() => void sweep(), graceMs + 1000) : undefined;
  again?.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(again);
  };
}
