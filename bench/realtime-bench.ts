/**
 * The realtime benchmark (`npm run bench -- realtime`, or `npx tsx bench/realtime-bench.ts`):
 * 1,000 WebSocket subscribers of mixed roles — customers, agents and an admin — on one
 * server process on SQLite, while 50 writes a second run for 60 s. It reports delivery
 * latency (receipt minus the record's `updatedAt`, stamped before the commit, on the same
 * clock) as p50/p99/max, and the events lost (deliveries the helpdesk's rules call for that
 * never came) and leaked (deliveries that came to someone the rules do not allow): both
 * must be 0, and p99 at most 50 ms. REALTIME_SECONDS, REALTIME_RATE, REALTIME_SUBSCRIBERS
 * and REALTIME_AGENTS change the run; REALTIME_PROFILE=1 profiles the server. Writes
 * bench/REALTIME-RESULTS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_DIR, REPO_ROOT } from './lib/bench-paths';
import { machineInfo, markdownTable } from './lib/report';
import { benchEnv } from './lib/server-process';
import { Fleet } from './realtime-fleet';
import { populate } from './realtime-population';
import { type Change, SUBSCRIPTIONS, Workload } from './realtime-workload';

/** What one run does; each from its environment variable, else the issue's numbers. */
export interface RealtimeSettings {
  readonly seconds: number;
  readonly rate: number;
  readonly subscribers: number;
  readonly agents: number;
}

/** The settings from REALTIME_SECONDS, REALTIME_RATE, REALTIME_SUBSCRIBERS, REALTIME_AGENTS. */
export function realtimeSettings(env = process.env): RealtimeSettings {
  const n = (name: string, fallback: number) => {
    const v = Number(env[name] ?? fallback);
    if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
    return v;
  };
  return {
    seconds: n('REALTIME_SECONDS', 60),
    rate: n('REALTIME_RATE', 50),
    subscribers: n('REALTIME_SUBSCRIBERS', 1000),
    agents: n('REALTIME_AGENTS', 99),
  };
}

const RESULTS = fileURLToPath(new URL('./REALTIME-RESULTS.md', import.meta.url));
const SERVER = fileURLToPath(new URL('./realtime-server.ts', import.meta.url));
const P99_TARGET_MS = 50;

/** How busy the server's event loop was, and how late its timers ran (ms). */
interface LoopStats {
  readonly busy: number;
  readonly delayP99: number;
  readonly delayMax: number;
}

interface ServerChild {
  readonly port: number;
  cpuSeconds(): number;
  /** Loop statistics since the previous call. */
  loop(): Promise<LoopStats>;
  stop(): Promise<void>;
}

function startServer(file: string): Promise<ServerChild> {
  // REALTIME_PROFILE=1 has the server write a V8 CPU profile to bench/.data/profiles/.
  const profile = process.env.REALTIME_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', join(DATA_DIR, 'profiles')]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER, file], {
    cwd: REPO_ROOT,
    env: benchEnv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the realtime server exited with ${code} before listening`)),
    );
    child.once('message', (m) => {
      const pid = child.pid!;
      resolve({
        port: (m as { port: number }).port,
        // /proc/<pid>/stat fields 14 and 15 (utime, stime) in clock ticks of 1/100 s.
        cpuSeconds: () => {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          return (Number(fields[11]) + Number(fields[12])) / 100;
        },
        loop: () =>
          new Promise((answer) => {
            child.once('message', (s) => answer(s as LoopStats));
            child.send({ type: 'stats' });
          }),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function latencyCells(values: readonly number[]): string[] {
  const sorted = [...values].sort((a, b) => a - b);
  return [
    values.length.toLocaleString('en-US'),
    `${percentile(sorted, 0.5)} ms`,
    `${percentile(sorted, 0.99)} ms`,
    `${sorted.at(-1) ?? Number.NaN} ms`,
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the writes at the set rate; resolves with the committed changes and the outcomes. */
async function drive(port: number, workload: Workload, s: RealtimeSettings) {
  const changes: Change[] = [];
  const outcomes = new Map<string, number>();
  /** Sent to answered, in ms, for every write. */
  const answers: number[] = [];
  const total = Math.round(s.seconds * s.rate);
  const inFlight = new Set<Promise<void>>();
  let issued = 0;
  const started = performance.now();
  const issue = () => {
    const w = workload.next();
    const sent = performance.now();
    const run = fetch(`http://127.0.0.1:${port}${w.path}`, {
      method: w.method,
      headers: { ...w.by.headers, 'content-type': 'application/json' },
      body: JSON.stringify(w.body),
    })
      .then(async (res) => {
        const body = (await res.json()) as Record<string, unknown>;
        answers.push(performance.now() - sent);
        const change = workload.settle(w, res.status, body);
        if (change) changes.push(change);
        const key = `${w.kind} ${res.status < 300 ? 'ok' : String(body.code)}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      })
      .catch((e: unknown) => {
        workload.settle(w, 599, {});
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        const key = `${w.kind} failed: ${cause?.code ?? cause?.message ?? String(e)}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      })
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  };
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * s.rate) + 1);
    while (issued < due) {
      issue();
      issued += 1;
    }
    await sleep(2);
  }
  const writeSeconds = (performance.now() - started) / 1000;
  await Promise.all([...inFlight]);
  return { changes, outcomes, answers, issued, writeSeconds };
}

/**
 * Runs the benchmark once and returns its report as Markdown (also written to
 * bench/REALTIME-RESULTS.md).
 * @example console.log(await realtimeSuite({ ...realtimeSettings(), seconds: 10 }));
 */
export async function realtimeSuite(settings = realtimeSettings()): Promise<string> {
  const machine = machineInfo();
  mkdirSync(DATA_DIR, { recursive: true });
  const dir = mkdtempSync(join(DATA_DIR, 'realtime-'));
  const customers = settings.subscribers - settings.agents - 1;
  console.log(`[realtime] making ${settings.subscribers} people and their sessions…`);
  const { people, tickets } = await populate(
    join(dir, 'realtime.db'),
    { customers, agents: settings.agents },
    300,
  );
  const server = await startServer(join(dir, 'realtime.db'));
  let fleet: Fleet | undefined;
  try {
    console.log(`[realtime] connecting ${people.length} subscribers…`);
    fleet = await Fleet.connect(server.port, people);
    const subscriptions = people.reduce((n, p) => n + SUBSCRIPTIONS[p.role].length, 0);
    console.log(`[realtime] ${settings.rate} writes/s for ${settings.seconds} s…`);
    const cpu0 = server.cpuSeconds();
    await server.loop();
    const elu0 = performance.eventLoopUtilization();
    const { changes, outcomes, answers, issued, writeSeconds } = await drive(
      server.port,
      new Workload(people, tickets),
      settings,
    );
    // Let the last events arrive: until every expected one has, or nothing more comes for 2 s.
    const expected = fleet.expectedCount(changes);
    for (let last = -1, quiet = 0; fleet.count < expected && quiet < 2000; await sleep(50)) {
      quiet = fleet.count === last ? quiet + 50 : 0;
      last = fleet.count;
    }
    const serverCpu = (server.cpuSeconds() - cpu0) / writeSeconds;
    const loop = await server.loop();
    const elu = performance.eventLoopUtilization(elu0).utilization;
    const v = fleet.verdict(changes);
    const all = latencyCells(fleet.latencies);
    const p99 = percentile(
      [...fleet.latencies].sort((a, b) => a - b),
      0.99,
    );
    const ok = [...outcomes].filter(([k]) => k.endsWith(' ok')).reduce((n, [, c]) => n + c, 0);
    const checks: [string, boolean][] = [
      ['events lost = 0', v.lost === 0],
      ['events leaked = 0', v.leaked === 0],
      [`p99 ≤ ${P99_TARGET_MS} ms (${p99} ms)`, p99 <= P99_TARGET_MS],
      ['no resync, no duplicate', v.resyncs === 0 && v.duplicates === 0],
    ];
    const roles = (r: string) => people.filter((p) => p.role === r).length;
    const markdown = [
      `## Realtime: ${people.length.toLocaleString('en-US')} subscribers, ${settings.rate} writes/s for ${settings.seconds} s (SQLite, one server process)`,
      '',
      `Run ${new Date().toISOString()}. Machine: ${machine}.`,
      '',
      markdownTable(
        ['subscribers', 'customers', 'agents', 'admin', 'subscriptions'],
        [[people.length, roles('customer'), roles('agent'), roles('admin'), subscriptions].map(String)],
      ),
      '',
      markdownTable(
        [
          'writes sent',
          'committed',
          'refused',
          'achieved rate',
          'server CPU',
          'server loop busy',
          'server timer lateness p99 / max',
          'client loop busy',
        ],
        [
          [
            String(issued),
            String(ok),
            String(issued - ok),
            `${(issued / writeSeconds).toFixed(1)}/s`,
            `${Math.round(serverCpu * 100)}% of a core`,
            `${Math.round(loop.busy * 100)}%`,
            `${Math.round(loop.delayP99)} / ${Math.round(loop.delayMax)} ms`,
            `${Math.round(elu * 100)}%`,
          ],
        ],
      ),
      '',
      markdownTable(
        ['deliveries expected', 'received', 'lost', 'leaked', 'duplicates', 'resyncs'],
        [
          [v.expected, v.received, v.lost, v.leaked, v.duplicates, v.resyncs].map((x) =>
            x.toLocaleString('en-US'),
          ),
        ],
      ),
      '',
      'Delivery latency, receipt minus the record’s `updatedAt` (stamped when the write began, before its commit):',
      '',
      markdownTable(
        ['subscribers', 'events timed', 'p50', 'p99', 'max'],
        [
          ['all', ...all],
          ...[...fleet.byRole].map(([role, values]) => [`${role}s`, ...latencyCells(values)]),
        ],
      ),
      '',
      'For comparison, the writes themselves, sent to answered (a durable commit included):',
      '',
      markdownTable(['writes', 'p50', 'p99', 'max'], [latencyCells(answers.map((a) => Math.round(a)))]),
      '',
      'Server loop busy is wall time its event loop was occupied, including time the machine ran other',
      'processes; far above server CPU, it means the server was short of CPU, not of work to do. Timer',
      'lateness is how late its timers ran: a stall that every request and event waited through.',
      '',
      ...checks.map(([what, pass]) => `- ${pass ? 'PASS' : 'FAIL'}: ${what}`),
      '',
      ...(v.samples.length > 0
        ? ['First lost or leaked deliveries:', '', ...v.samples.map((x) => `- ${x}`), '']
        : []),
      'Writes by kind and outcome:',
      '',
      markdownTable(
        ['write', 'count'],
        [...outcomes].sort().map(([k, n]) => [k, String(n)]),
      ),
    ].join('\n');
    writeFileSync(RESULTS, `${markdown}\n`);
    console.log(`[realtime] written to ${RESULTS}`);
    return markdown;
  } finally {
    await fleet?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await realtimeSuite());
}
