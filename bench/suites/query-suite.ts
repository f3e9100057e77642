/**
 * The query suite (issue "query power"): on the 1,000,000-ticket database, a list with its
 * total, a full-text search and a group-by, each through Ninefold's HTTP API against a bare
 * ceiling that runs the SAME SQL statements — captured from the server answering the same
 * request, parameters and all (bench/lib/capture-sql.ts) — on the same file in the same run.
 * As an agent (reads every ticket) and as a customer (the read rule filters to their own).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '../lib/bench-paths';
import { startNinefold, stopAll } from '../lib/bench-servers';
import { type CaptureRequest, captureStatements } from '../lib/capture-sql';
import { type RunSettings, workloadRunner } from '../lib/compare-pair';
import type { Shot } from '../lib/load-runner';
import { type Comparison, comparisonTable } from '../lib/report';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../lib/seed-people';
import { startServer } from '../lib/server-process';
import { signIn } from '../lib/sign-in';
import type { WorkloadData } from '../lib/workload-data';

const LIST = '/api/entities/tickets';
/** Words of the seeded subjects and descriptions: each matches tens of thousands of tickets. */
const WORDS = ['invoice', 'export', 'refund', 'webhook', 'dashboard', 'billing'] as const;

type Who = 'agent' | 'customer';

/** A workload: its name, its target, and the requests it draws from (one at random each time). */
interface Workload {
  readonly name: string;
  readonly target: number | null;
  readonly who: Who;
  readonly paths: readonly string[];
  /**
   * Queries that take tens or hundreds of milliseconds on 1,000,000 rows: a few connections
   * already keep the server busy, and with 32 each would wait longer than a measuring round.
   */
  readonly heavy?: boolean;
}

const WORKLOADS: readonly Workload[] = [
  {
    name: 'list with total (agent)',
    target: 0.5,
    who: 'agent',
    paths: [`${LIST}?count=true&limit=25`],
    heavy: true,
  },
  {
    name: 'list with total (customer)',
    target: 0.5,
    who: 'customer',
    paths: [`${LIST}?count=true&limit=25`],
  },
  {
    name: 'search (agent)',
    target: 0.6,
    who: 'agent',
    paths: WORDS.map((w) => `${LIST}?search=${w}&limit=25`),
  },
  {
    name: 'search (customer)',
    target: 0.6,
    who: 'customer',
    paths: WORDS.map((w) => `${LIST}?search=${w}&limit=25`),
  },
  {
    name: 'group-by status (agent)',
    target: 0.6,
    who: 'agent',
    paths: [`${LIST}/aggregate?groupBy=status&count=true`],
    heavy: true,
  },
  {
    name: 'group-by status (customer)',
    target: 0.6,
    who: 'customer',
    paths: [`${LIST}/aggregate?groupBy=status&count=true`],
  },
];

/**
 * BENCH_HEAVY_CONNECTIONS (default 2) connections, in rounds of at least 10 s. Never more:
 * SQLite cannot cancel a statement, so a request autocannon gives up on (after 10 s) still
 * runs, and with many connections queued behind slow queries the backlog only grows.
 */
function heavySettingsOf(settings: RunSettings): RunSettings {
  const connections = Number(process.env.BENCH_HEAVY_CONNECTIONS ?? 2);
  return {
    ...settings,
    connections,
    rounds: Math.max(1, Math.min(settings.rounds, Math.floor(settings.seconds / 10))),
  };
}

const keyOf = (w: Workload, i: number) => `${w.name.replace(/\W+/g, '-')}-${i}`;

/**
 * Runs the suite; returns its report (Markdown).
 * @example const markdown = await querySuite(run.file, data, runSettings());
 */
export async function querySuite(file: string, _data: WorkloadData, settings: RunSettings): Promise<string> {
  const only = process.env.BENCH_ONLY;
  const chosen = WORKLOADS.filter((w) => !only || w.name.includes(only));
  console.log('Query: capturing the SQL the server runs for each request');
  const requests: CaptureRequest[] = chosen.flatMap((w) =>
    w.paths.map((path, i) => ({ key: keyOf(w, i), path, email: BENCH_ACCOUNTS[w.who] })),
  );
  const captured = await captureStatements(file, requests, BENCH_PASSWORD);
  mkdirSync(DATA_DIR, { recursive: true });
  const capturedFile = join(DATA_DIR, `captured-sql-${process.pid}.json`);
  writeFileSync(capturedFile, JSON.stringify(captured, null, 2));

  const ceiling = await startServer('same-SQL ceiling', 'replay-server', [file, capturedFile]);
  const helpdesk = await startNinefold('helpdesk', file);
  try {
    const headers = {
      agent: await signIn(helpdesk, BENCH_ACCOUNTS.agent, BENCH_PASSWORD),
      customer: await signIn(helpdesk, BENCH_ACCOUNTS.customer, BENCH_PASSWORD),
    };
    const rows: Comparison[] = [];
    const heavySettings = heavySettingsOf(settings);
    for (const w of chosen) {
      const run = workloadRunner(rows, w.heavy ? heavySettings : settings);
      const pick = () => Math.floor(Math.random() * w.paths.length);
      const ours = (): Shot => ({ path: w.paths[pick()]!, headers: headers[w.who] });
      const bare = (): Shot => ({ path: `/replay/${keyOf(w, pick())}` });
      await run(w.name, w.target, { server: helpdesk, next: ours }, { server: ceiling, next: bare });
    }
    const statements = chosen.map((w) => {
      const sample = captured[keyOf(w, 0)] ?? [];
      return [
        `- ${w.name}: \`${w.paths[0]}\` ran ${sample.length} statement(s) on tickets:`,
        ...sample.map((s) => `  - \`${s.sql.replace(/\s+/g, ' ')}\``),
      ].join('\n');
    });
    return [
      `### Query: Ninefold against a ceiling running the same SQL (${settings.connections} connections, ${heavySettingsOf(settings).connections} for the heavy queries; ${settings.seconds} s per side)`,
      '',
      comparisonTable('same SQL', rows),
      '',
      'The ceiling runs, per request, the statements the server ran on tickets for that very request',
      '(captured, parameters included; session statements left out) on a read-only mmap connection, as',
      "Ninefold's reader is, and answers the raw rows. The 1,000,000 tickets were seeded by bulk INSERT",
      'in 50,000-row transactions, not through HTTP.',
      '',
      'Statements captured:',
      '',
      ...statements,
    ].join('\n');
  } finally {
    await stopAll([ceiling, helpdesk]);
    rmSync(capturedFile, { force: true });
  }
}
