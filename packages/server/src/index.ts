/**
 * @ninefold/server — runs a Ninefold app as a hosted backend: SQLite or PostgreSQL through
 * one dialect seam, the core (records, rules, transitions, limits, audit), and the HTTP
 * contract on Fastify.
 */

/**
 * What `server.inject` takes and answers (Fastify's, through light-my-request): for code that
 * sends requests to a Ninefold server in-process, as `@ninefold/testing` does.
 * @example const res: InjectResponse = await nf.server.inject({ method: 'GET', url: '/api/health' } satisfies InjectOptions);
 */
export type { InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
export { logIn, setPassword } from './core/accounts/accounts';
export { type CreatedAccount, createAccount, type NewAccount } from './core/accounts/create-account';
export { passwordProblem } from './core/accounts/passwords';
export { startSession } from './core/accounts/sessions';
export { AppError } from './core/app-error';
export type { Core, CoreOptions } from './core/ninefold-core';
export { createCore } from './core/ninefold-core';
export type { Caller } from './core/rules/rule-context';
export type { Database, Dialect, DialectName, Executor } from './db/database';
export { openDatabase } from './db/open-database';
export type { SchemaChange } from './db/schema/sync-schema';
export { DestructiveChangeError, planChanges, syncSchema } from './db/schema/sync-schema';
export { restoreSqliteFile, sqliteInUse, sqliteProblems } from './db/sqlite/sqlite-file';
export type { ByteRange, FileStore, StoredBody } from './files/file-store';
export { fileStoreFromEnv } from './files/file-store-env';
export { localStore } from './files/local-store';
export { type S3StoreOptions, s3Store } from './files/s3-store';
export type { ServerOptions } from './http/build-server';
export { buildServer } from './http/build-server';
export { staticUi } from './http/static-ui';
export { jobOptionsFromEnv } from './jobs/job-options-env';
export { JOB_ATTEMPTS } from './jobs/job-queue';
export type { JobKind, JobRow, WebhookTarget, WebhookTargets } from './jobs/job-types';
export { type JobQuery, JobWorker, type JobWorkerOptions } from './jobs/job-worker';
export { DevOutbox, type OutboxMail } from './mail/dev-outbox';
export type { LinkResolver, MailLink, QueuedMail } from './mail/link-resolver';
export { type MailOptions, mailOptionsFromEnv } from './mail/mail-options';
export type { MailTransport, OutgoingMail } from './mail/mail-transport';
export { MAIL_ATTEMPTS, Mailer, type MailerSetup } from './mail/mailer';
export { type MailRequest, queueMail } from './mail/queue-mail';
export * from './seed';
export type { Ninefold, NinefoldOptions } from './start-app';
export { createNinefold } from './start-app';
export { webhookTargets } from './webhooks/webhook-targets';
