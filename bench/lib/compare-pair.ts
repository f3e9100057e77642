/**
 * Ours against its ceiling, measured in the same run and interleaved: each side is warmed
 * up, then the measured time is split into rounds that alternate A, B, A, B. On a shared,
 * noisy machine a slow minute then costs both sides alike, so the ratio stays meaningful.
 */
import { type LoadOptions, type LoadStats, type Sample, sampleLoad, summarize } from './load-runner';
import { type Comparison, passes } from './report';
import { expectStatus } from './sign-in';

/** How long and how hard every workload runs. */
export interface RunSettings {
  readonly connections: number;
  /** Measured seconds per side, split over `rounds`. */
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
}

/** Settings from the environment (BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_WARMUP, BENCH_ROUNDS). */
export function runSettings(): RunSettings {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    connections: num('BENCH_CONNECTIONS', 32),
    seconds: num('BENCH_SECONDS', 10),
    warmupSeconds: num('BENCH_WARMUP', 3),
    rounds: num('BENCH_ROUNDS', 10),
  };
}

/** One side of a comparison: a server and what to send it. */
export type Side = Omit<LoadOptions, 'connections'>;

/**
 * Measures two sides with the same settings, interleaved.
 * @example const [ours, ceiling] = await comparePair(oursSide, ceilingSide, runSettings());
 */
export async function comparePair(a: Side, b: Side, settings: RunSettings): Promise<[LoadStats, LoadStats]> {
  const options = (side: Side): LoadOptions => ({ ...side, connections: settings.connections });
  const slice = settings.seconds / settings.rounds;
  const samplesA: Sample[] = [];
  const samplesB: Sample[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const warmup = round === 0 ? settings.warmupSeconds : 0;
    samplesA.push(await sampleLoad(options(a), slice, warmup));
    samplesB.push(await sampleLoad(options(b), slice, warmup));
  }
  return [summarize(samplesA), summarize(samplesB)];
}

/**
 * A suite's workload runner: each call checks both sides answer `status`, measures them as a
 * pair and adds a row to `rows`. BENCH_ONLY=get runs only the workloads whose name contains
 * "get" (for quick checks).
 * @example const run = workloadRunner(rows, settings); await run('get by id', 0.6, ours, ceiling);
 */
export function workloadRunner(rows: Comparison[], settings: RunSettings) {
  const only = process.env.BENCH_ONLY;
  return async (workload: string, target: number | null, ours: Side, ceiling: Side, status = 200) => {
    if (only && !workload.includes(only)) return;
    await expectStatus(ours.server, ours.next(), status);
    await expectStatus(ceiling.server, ceiling.next(), status);
    console.log(`  ${workload}: ${ours.server.name} vs ${ceiling.server.name}…`);
    const [o, c] = await comparePair(ours, ceiling, settings);
    const row: Comparison = { workload, ours: o, ceiling: c, target };
    rows.push(row);
    console.log(`    ${Math.round(o.rps)} vs ${Math.round(c.rps)} req/s → ${passes(row) ? 'PASS' : 'FAIL'}`);
  };
}
