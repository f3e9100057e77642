/**
 * The PostgreSQL suite: Ninefold as users run it on PostgreSQL — two `ninefold start`
 * processes of the helpdesk on one database — against a bare `pg` ceiling of two processes
 * on the same schema, in the same run: get by id, list page 1, and a create (an agent's
 * comment: the helpdesk's customers may hold only five open tickets, and only an agent has
 * no write rate). The seeded tickets are copied into PostgreSQL once per seed. Reported, not
 * judged: the issue asks for the figures, and on PostgreSQL each of Ninefold's requests makes
 * round trips the ceiling does not (the session row on every request, since processes share
 * sessions; a write's audit entry and outbox row), so its ratio is bounded by them.
 */
import pg from 'pg';
import { type RunSettings, workloadRunner } from '../lib/compare-pair';
import type { Shot } from '../lib/load-runner';
import { postgresCopy } from '../lib/postgres-copy';
import { type Comparison, comparisonTable } from '../lib/report';
import { seededDatabase } from '../lib/seed-database';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../lib/seed-people';
import { type ServerHandle, serverGroup, startCli, startServer } from '../lib/server-process';
import { signIn } from '../lib/sign-in';
import { anyOf, type WorkloadData } from '../lib/workload-data';

const LIST = '/api/entities/tickets';
const JSON_BODY = { 'content-type': 'application/json' };

/**
 * Runs the suite; returns its report (Markdown).
 * @example const markdown = await postgresSuite(run.file, data, runSettings());
 */
export async function postgresSuite(
  _file: string,
  data: WorkloadData,
  settings: RunSettings,
): Promise<string> {
  const url = await postgresCopy(await seededDatabase());
  const started = new Date().toISOString();
  const agentId = await userId(url, BENCH_ACCOUNTS.agent);
  const servers: ServerHandle[] = [];
  try {
    const env = { DATABASE_URL: url };
    const args = ['start', 'examples/helpdesk', '--port', '0'];
    servers.push(await startCli('ninefold A', args, env), await startCli('ninefold B', args, env));
    servers.push(
      await startServer('pg ceiling A', 'bare-pg-server', [url, agentId]),
      await startServer('pg ceiling B', 'bare-pg-server', [url, agentId]),
    );
    const ninefold = serverGroup('ninefold start ×2', servers.slice(0, 2));
    const ceiling = serverGroup('pg ceiling ×2', servers.slice(2));
    const agent = await signIn(ninefold, BENCH_ACCOUNTS.agent, BENCH_PASSWORD);
    const getAny = (headers = {}): Shot => ({ path: `${LIST}/${anyOf(data.ticketIds)}`, headers });
    const page1 = (headers = {}): Shot => ({ path: `${LIST}?limit=25`, headers });
    const comment = (headers = {}): Shot => ({
      method: 'POST',
      path: '/api/entities/comments',
      headers: { ...headers, ...JSON_BODY },
      body: JSON.stringify({ ticket: anyOf(data.openTicketIds), body: 'Looking into it now.' }),
    });

    const rows: Comparison[] = [];
    const run = workloadRunner(rows, settings);
    console.log('PostgreSQL: two `ninefold start` processes against two bare pg processes');
    await run(
      'get by id (agent)',
      null,
      { server: ninefold, next: () => getAny(agent) },
      { server: ceiling, next: () => getAny() },
    );
    await run(
      'list page 1 (agent)',
      null,
      { server: ninefold, next: () => page1(agent) },
      { server: ceiling, next: () => page1() },
    );
    await run(
      'create comment (agent)',
      null,
      { server: ninefold, next: () => comment(agent) },
      { server: ceiling, next: () => comment() },
      201,
    );
    return [
      `### PostgreSQL: two \`ninefold start\` processes on one database against two bare \`pg\` processes (${settings.connections} connections, ${settings.seconds} s per side)`,
      '',
      comparisonTable('pg ceiling', rows),
      '',
      'Ninefold: the helpdesk as `ninefold start` serves it (sessions, rules, field projection, audit, the change outbox and NOTIFY, rate limits counted in the database), LOG_LEVEL=warn. Ceiling: the same SQL through a `pg` pool of the same size, no checks.',
    ].join('\n');
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await cleanUp(url, started);
  }
}

async function userId(url: string, email: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>('select id from users where email = $1', [email]);
    return rows[0]!.id;
  } finally {
    await c.end();
  }
}

/** Deletes what the run added, so the next run starts from the same data. */
async function cleanUp(url: string, since: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('delete from comments where "createdAt" >= $1', [since]);
    await c.query('delete from nf_audit where at >= $1', [since]);
    for (const table of ['nf_events', 'nf_sessions', 'nf_rate_hits']) await c.query(`delete from ${table}`);
  } finally {
    await c.end();
  }
}
