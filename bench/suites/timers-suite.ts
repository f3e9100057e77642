/**
 * The timers suite (issue #17, point 5): 10,000 timers due at the same moment, on SQLite
 * (one `ninefold start` process) and on PostgreSQL (two processes on one database, both
 * running the job worker). Each reminder of bench/timers-app fires by itself at its `fireAt`
 * (a timed transition); they are filed through the core before the servers start, all with
 * the same `fireAt` a little ahead. Measured: the time from that moment until every one has
 * fired, and the p99 of an API read (a list page) while they fire against its p99 idle,
 * with the same load, on the same servers, just before. Then judged: each reminder fired
 * exactly once (its audit entries), and every timer job ended done.
 *
 * `npm run bench -- timers` (or, with the packages built, `npx tsx bench/run.ts timers`).
 * BENCH_TIMERS, BENCH_TIMERS_CONNECTIONS, BENCH_SECONDS, BENCH_TIMERS_LEAD and
 * BENCH_TIMERS_TIMEOUT tune it (see TimersSettings); to see where firing spends its time,
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/.data/profiles/timers" profiles the servers.
 */

import { formatRate, latency, machineInfo, markdownTable } from '../lib/report';
import { type ServerHandle, serverGroup, startCli } from '../lib/server-process';
import { expectStatus } from '../lib/sign-in';
import { FILE_BATCH_MAX } from '../timers-app/app';
import {
  type OnceEach,
  seedReminders,
  TIMERS_APP_DIR,
  type TimersDialect,
  timersDatabase,
  timersProbe,
} from '../timers-database';
import { loadFor, startLoad, type TimedLoad } from '../timers-load';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const READ = '/api/entities/reminders?limit=25';
/** A production start with no mail to send: the outbox, asked for knowingly. */
const SERVER_ENV = { MAIL_OUTBOX: '1', APP_URL: 'http://timers.bench' } as const;

/** How the suite runs, from the environment. */
interface TimersSettings {
  /** BENCH_TIMERS (default 10,000): reminders due at the same moment. */
  readonly timers: number;
  /** BENCH_TIMERS_CONNECTIONS (default 8): connections of the API read, over all processes. */
  readonly connections: number;
  /** BENCH_SECONDS (default 10): measured seconds of the idle read. */
  readonly idleSeconds: number;
  /** BENCH_TIMERS_LEAD (default 90): seconds from the start of seeding to the due moment. */
  readonly leadSeconds: number;
  /** BENCH_TIMERS_TIMEOUT (default 600): seconds after the due moment before giving up. */
  readonly timeoutSeconds: number;
}

function settingsOf(): TimersSettings {
  return {
    timers: num('BENCH_TIMERS', 10_000),
    connections: num('BENCH_TIMERS_CONNECTIONS', 8),
    idleSeconds: num('BENCH_SECONDS', 10),
    leadSeconds: num('BENCH_TIMERS_LEAD', 90),
    timeoutSeconds: num('BENCH_TIMERS_TIMEOUT', 600),
  };
}

const WARMUP_SECONDS = 2;
const POLL_MS = 100;

/** One dialect's run. */
interface TimersRun {
  readonly dialect: TimersDialect;
  readonly processes: number;
  readonly seededSeconds: number;
  /** Timer jobs queued once seeding was done (planning happened in the writes). */
  readonly planned: number;
  /** Seconds after the due moment: the first fired, and all fired (null: not all in time). */
  readonly firstSeconds: number | null;
  readonly allSeconds: number | null;
  readonly fired: number;
  readonly idle: TimedLoad;
  readonly firing: TimedLoad;
  /** CPU of each process while they fired, in cores: whether both took a share. */
  readonly cpuEach: readonly number[];
  readonly once: OnceEach;
  readonly jobs: Readonly<Record<string, number>>;
}

/**
 * Runs the suite on its own fresh databases; returns its report (Markdown). BENCH_ONLY=sqlite
 * or BENCH_ONLY=postgres runs one dialect; PostgreSQL is BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server (a schema of its own, dropped after).
 * @example const markdown = await timersSuite();
 */
export async function timersSuite(): Promise<string> {
  const settings = settingsOf();
  const only = process.env.BENCH_ONLY;
  const plans: readonly [TimersDialect, number][] = [
    ['sqlite', 1],
    ['postgres', 2],
  ];
  const runs: TimersRun[] = [];
  for (const [dialect, processes] of plans) {
    if (only && !dialect.includes(only)) continue;
    runs.push(await runDialect(dialect, processes, settings));
  }
  if (runs.some((r) => !exactlyOnce(r, settings.timers))) process.exitCode = 1;
  return report(runs, settings);
}

async function runDialect(
  dialect: TimersDialect,
  processes: number,
  settings: TimersSettings,
): Promise<TimersRun> {
  const db = await timersDatabase(dialect);
  const servers: ServerHandle[] = [];
  try {
    const due = Date.now() + settings.leadSeconds * 1000;
    console.log(
      `Timers (${dialect}): filing ${settings.timers} reminders due at ${new Date(due).toISOString()}…`,
    );
    const seeded = await seedReminders(db, settings.timers, new Date(due));
    console.log(`  filed in ${seeded.seconds.toFixed(1)} s; starting ${processes} \`ninefold start\`…`);
    const names = Array.from(
      { length: processes },
      (_, i) => `ninefold ${dialect} ${String.fromCharCode(65 + i)}`,
    );
    const starting = await Promise.allSettled(
      names.map((name) =>
        startCli(name, ['start', TIMERS_APP_DIR, '--port', '0'], { ...db.env, ...SERVER_ENV }),
      ),
    );
    // Each one that started is stopped, even when another failed to.
    for (const s of starting) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of starting) if (s.status === 'rejected') throw s.reason;
    const server = serverGroup(`ninefold start ×${processes}`, servers);
    const probe = await timersProbe(db);
    try {
      const planned = (await probe.jobs()).queued ?? 0;
      if (planned < settings.timers)
        console.warn(
          `  ⚠ only ${planned} of ${settings.timers} timer jobs are queued: planning is incomplete`,
        );
      const needed = WARMUP_SECONDS + settings.idleSeconds + 1;
      if (Date.now() + needed * 1000 > due)
        throw new Error(
          `seeding and starting left less than ${needed} s before the due moment: raise BENCH_TIMERS_LEAD (now ${settings.leadSeconds})`,
        );
      const headers = { authorization: `Bearer ${seeded.token}` };
      for (const url of server.urls ?? [server.url])
        await expectStatus({ ...server, url }, { path: READ, headers }, 200);
      const target = { server, path: READ, headers, connections: settings.connections };
      console.log(`  idle: ${settings.idleSeconds} s of ${READ} (${settings.connections} connections)…`);
      await loadFor(target, WARMUP_SECONDS);
      const idle = await loadFor(target, settings.idleSeconds);
      const early = await probe.fired();
      if (early > 0) throw new Error(`${early} reminders fired before they were due`);
      await sleep(due - Date.now());
      console.log('  due: the same read while they fire…');
      const cpuBefore = servers.map((s) => s.cpuSeconds());
      const load = startLoad(target);
      const { first, all, fired } = await untilFired(probe, settings, due);
      const firing = await load.stop();
      const cpuEach = servers.map((s, i) => (s.cpuSeconds() - cpuBefore[i]!) / firing.seconds);
      const run: TimersRun = {
        dialect,
        processes,
        seededSeconds: seeded.seconds,
        planned,
        firstSeconds: first,
        allSeconds: all,
        fired,
        idle,
        firing,
        cpuEach,
        // Settled rows only: a moment for the last commits of a process that lost a race.
        once: await sleep(500).then(() => probe.onceEach()),
        jobs: await probe.jobs(),
      };
      console.log(`  ${summaryLine(run)}`);
      return run;
    } finally {
      await probe.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.dispose();
  }
}

/** Polls the fired count until every reminder has fired or the timeout passes. */
async function untilFired(
  probe: Awaited<ReturnType<typeof timersProbe>>,
  settings: TimersSettings,
  due: number,
): Promise<{ first: number | null; all: number | null; fired: number }> {
  let first: number | null = null;
  let fired = 0;
  let lastLog = Date.now();
  while (Date.now() - due < settings.timeoutSeconds * 1000) {
    fired = await probe.fired();
    const after = (Date.now() - due) / 1000;
    if (fired > 0 && first === null) first = after;
    if (fired >= settings.timers) return { first, all: after, fired };
    if (Date.now() - lastLog > 5000) {
      console.log(`    ${after.toFixed(0)} s: ${fired} fired`);
      lastLog = Date.now();
    }
    await sleep(POLL_MS);
  }
  return { first, all: null, fired };
}

function exactlyOnce(run: TimersRun, timers: number): boolean {
  // Every reminder fired by one audited transition, and every timer job ended done once.
  return run.once.once === timers && run.once.twice === 0 && run.jobs.done === timers;
}

const seconds = (s: number | null) => (s === null ? '–' : s.toFixed(1));
const rate = (run: TimersRun) =>
  run.allSeconds === null ? '–' : formatRate(run.fired / Math.max(run.allSeconds, 0.001));
const ratio = (run: TimersRun) => `${(run.firing.p99 / run.idle.p99).toFixed(1)}×`;

function summaryLine(run: TimersRun): string {
  return `${run.fired} fired; all after ${seconds(run.allSeconds)} s (${rate(run)}/s); p99 idle ${run.idle.p99.toFixed(1)} ms, firing ${run.firing.p99.toFixed(1)} ms (${ratio(run)})`;
}

function onceCell(run: TimersRun, timers: number): string {
  const verdict = exactlyOnce(run, timers) ? 'yes' : 'NO';
  const jobs = Object.entries(run.jobs)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  return `${verdict}: ${run.once.once} once, ${run.once.twice} more than once, ${run.once.bySystem} by the system; jobs ${jobs}; ${run.once.retried} retried`;
}

function report(runs: readonly TimersRun[], settings: TimersSettings): string {
  const cpu = (l: TimedLoad) => `${Math.round(l.serverCpu * 100)}%`;
  return [
    `### Timers: ${formatRate(settings.timers)} timers due at the same moment (API read with ${settings.connections} connections)`,
    '',
    `Machine: ${machineInfo()}.`,
    '',
    markdownTable(
      [
        'database',
        '`ninefold start` processes',
        'planned',
        'first fired (s after due)',
        'all fired (s after due)',
        'timers/s',
        'API p50 / p99 ms idle',
        'API p50 / p99 ms while firing',
        'p99 while firing ÷ idle',
        'API req/s idle / firing',
        'server CPU idle / firing (per process)',
        'failed idle / firing',
        'each fired exactly once',
      ],
      runs.map((r) => [
        r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        String(r.processes),
        formatRate(r.planned),
        seconds(r.firstSeconds),
        r.allSeconds === null ? `not all: ${r.fired} in ${settings.timeoutSeconds} s` : seconds(r.allSeconds),
        rate(r),
        latency(r.idle),
        latency(r.firing),
        ratio(r),
        `${formatRate(r.idle.rps)} / ${formatRate(r.firing.rps)}`,
        `${cpu(r.idle)} / ${r.cpuEach.map((c) => `${Math.round(c * 100)}%`).join(' + ')}`,
        `${r.idle.failed} / ${r.firing.failed}`,
        onceCell(r, settings.timers),
      ]),
    ),
    '',
    `The reminders (bench/timers-app) were filed through the core, ${formatRate(settings.timers)} in writes of ${formatRate(FILE_BATCH_MAX)} (each write plans its timers), ` +
      `all with the same \`fireAt\`, before the servers started; seeding took ${runs.map((r) => `${r.seededSeconds.toFixed(1)} s (${r.dialect})`).join(', ')}. ` +
      `The read is \`GET ${READ}\` as a member, closed loop: idle for ${settings.idleSeconds} s just before the due moment, then from the due moment until the last reminder fired. ` +
      '"All fired" is when a count of fired reminders on a connection of the benchmark\'s own (polled every 100 ms) first reached them all; ' +
      'the worker looks at the queue on its own poll, so the first fires up to that poll after the due moment. ' +
      '"Exactly once": one audit entry of the `fire` transition per reminder, none more.',
  ].join('\n');
}
