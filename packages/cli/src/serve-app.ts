/**
 * Serving an app: its database opened and brought to the spec, demo data in demo mode, the
 * API (and the UI when it is built) on one port, until SIGINT or SIGTERM closes it cleanly.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  createNinefold,
  type JobWorkerOptions,
  jobOptionsFromEnv,
  type MailOptions,
  mailOptionsFromEnv,
  type Ninefold,
  openDatabase,
  staticUi,
  type WebhookTargets,
  webhookTargets,
} from '@ninefold/server';
import { announceMail } from './announce-mail';
import { CliError, type CommandIO } from './command';
import { databaseLocation } from './database-location';
import { loadDemoSeed, printAccounts } from './demo-seed';
import { DEV_URL_ENV } from './dev/dev-url';
import { type FileEnv, fileEnv } from './file-env';
import { hostForUrl } from './listen-options';
import { loadCheckedApp } from './load-app';
import type { MailEnv } from './mail-env';
import { cliError, hasUsers } from './open-app';
import { GENERATED_DIR } from './ui/app-ui-source';

export interface ServeOptions {
  readonly appDir: string;
  readonly port: number;
  readonly host: string;
  /** Seed demo data into a database without users. Never set for a production start. */
  readonly demo: boolean;
  /** The reverse proxies trusted to name the client (`TRUST_PROXY`); false for none. */
  readonly trustProxy: false | string;
  /** How mail goes out, checked from the environment before anything was loaded. */
  readonly mail: MailEnv;
}

/**
 * Serves the app and resolves once a signal has closed the server and the database.
 * @example await serveApp({ appDir: 'examples/helpdesk', port: 3000, host: '127.0.0.1', demo: true, trustProxy: false, mail: mailEnv(process.env, { demo: true }) }, io);
 */
export async function serveApp(options: ServeOptions, io: CommandIO): Promise<void> {
  const env = io.env ?? process.env;
  const app = await loadCheckedApp(options.appDir, io.cwd);
  // WEBHOOK_<NAME>_URL and _SECRET: a half-set or malformed pair stops the start, by name.
  // NINEFOLD_JOB_*: how the job worker runs (a crash test shortens the lease, a bench
  // widens the concurrency).
  let webhooks: WebhookTargets;
  let jobs: JobWorkerOptions;
  try {
    webhooks = webhookTargets(app, env);
    jobs = jobOptionsFromEnv(env);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const where = databaseLocation(options.appDir, io.cwd, io.env);
  // S3_* or the disk under the data directory (on PostgreSQL too); a malformed S3 setting
  // stops here, by name, before the database is opened.
  const files: FileEnv = fileEnv(env, where.dataDir);
  const db = openDatabase(where.url);
  const devUrl = env[DEV_URL_ENV];
  // Without APP_URL (demo and dev only), links point where this server says it runs: known
  // once it listens (port 0 picks one), read when each mail is sent.
  let url = devUrl ?? `http://${hostForUrl(options.host)}:${options.port}`;
  const mail: MailOptions = {
    ...mailOptionsFromEnv(env),
    appUrl: options.mail.appUrl ?? (() => url),
    ...(options.mail.outbox
      ? { onOutbox: (m) => announceMail(m, io), outboxBodies: options.mail.bodies }
      : {}),
  };
  let nf: Ninefold;
  try {
    nf = await createNinefold(app, {
      database: db,
      trustProxy: options.trustProxy,
      mail,
      webhooks,
      jobs,
      files,
    });
  } catch (e) {
    await db.close();
    await files.store.close?.();
    throw cliError(e);
  }
  const stopped = untilSignal();
  try {
    const demo = options.demo ? await seedDemo(nf, options.appDir, io) : undefined;
    // Behind `ninefold dev`, Vite serves the UI from the app's sources, never a build.
    const dist = join(resolve(io.cwd, options.appDir), GENERATED_DIR, 'dist');
    const ui = devUrl === undefined && existsSync(join(dist, 'index.html'));
    if (ui) await staticUi(nf.server, dist);
    await nf.server.listen({ port: options.port, host: options.host });
    // With port 0 the system picks one: tell the one it picked.
    const address = nf.server.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const own = `http://${hostForUrl(options.host)}:${port}`;
    url = devUrl ?? own;
    io.out(`✓ ${app.about.name} is running at ${url}`);
    io.out(`  API       ${url}/api (OpenAPI: ${url}/api/openapi.json)`);
    if (devUrl !== undefined) io.out(`  UI        ${url}/ (Vite, hot reload; this API process on ${own})`);
    else if (ui) io.out(`  UI        ${url}/ (from ${relative(io.cwd, dist) || '.'})`);
    else
      io.out(
        `  UI        not built: run \`ninefold build ${options.appDir}\` first (it makes ${relative(io.cwd, dist)})`,
      );
    io.out(`  database  ${where.label}`);
    io.out(`  files     ${files.store.label}`);
    io.out(`  mail      ${mailLine(options.mail, env, url)}`);
    if (options.mail.warning) io.err(options.mail.warning);
    demo?.();
    io.out('Press Ctrl-C to stop.');
  } catch (e) {
    await nf.close();
    throw listenError(e, options);
  }
  const signal = await stopped;
  io.out(`${signal}: closing the server and the database…`);
  await nf.close();
  io.out('✓ stopped');
}

/** Where mail goes, in a line of the banner: never the SMTP password. */
function mailLine(
  mail: MailEnv,
  env: NodeJS.ProcessEnv | Readonly<Record<string, string | undefined>>,
  url: string,
) {
  const links = `links to ${mail.appUrl ?? url}`;
  if (mail.outbox) return `development outbox: each mail printed here and in the admin console; ${links}`;
  const smtp = new URL(env.SMTP_URL!.trim());
  return `SMTP ${smtp.protocol}//${smtp.host}${env.MAIL_FROM ? ` from ${env.MAIL_FROM.trim()}` : ''}; ${links}`;
}

/** Seeds an empty database; answers what to tell once the server listens. */
async function seedDemo(nf: Ninefold, appDir: string, io: CommandIO): Promise<() => void> {
  const demo = await loadDemoSeed(appDir, io.cwd);
  if (!demo) return () => io.out(`Demo mode: ${appDir} has no seed.ts, so there is no demo data.`);
  const seeded = !(await hasUsers(nf.db)) && (await demo.seed(nf.core));
  return () => {
    io.out(
      seeded ? 'Demo mode: seeded the demo data.' : 'Demo mode: the database has users already; not seeding.',
    );
    printAccounts(demo, io);
  };
}

/**
 * Resolves with the first SIGINT or SIGTERM. The handlers stay until the process ends, so a
 * second signal (from `dev` restarting us while Ctrl-C also reached us) cannot cut the close short.
 */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.on('SIGINT', resolve);
    process.on('SIGTERM', resolve);
  });
}

function listenError(e: unknown, options: ServeOptions): unknown {
  const code = (e as { code?: unknown }).code;
  if (code === 'EADDRINUSE')
    return new CliError(`port ${options.port} is already in use; pick another with --port`);
  if (code === 'EACCES') return new CliError(`not allowed to listen on ${options.host}:${options.port}`);
  return cliError(e);
}
