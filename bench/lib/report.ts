/**
 * Printing results: ours against its ceiling as a ratio (the only number that means much
 * on a shared machine), with latencies, server CPU and failures beside it, as Markdown
 * tables that read in a terminal and paste into RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { LoadStats } from './load-runner';

/** One row: a workload, our result, the ceiling's, and the ratio it must reach. */
export interface Comparison {
  readonly workload: string;
  readonly ours: LoadStats;
  readonly ceiling: LoadStats;
  /** ours req/s ÷ ceiling req/s must be at least this; null for a ratio only reported. */
  readonly target: number | null;
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
/** A request rate, rounded, with thousands separators. */
export const formatRate = (v: number) => Math.round(v).toLocaleString('en-US');
const rate = formatRate;
const cpu = (s: LoadStats) => `${Math.round(s.serverCpu * 100)}%`;

/** A Markdown table from a header row and body rows. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Whether a comparison meets its target. */
export function passes(c: Comparison): boolean {
  return c.target === null || c.ours.rps / c.ceiling.rps >= c.target;
}

/**
 * The comparison table: workload, ours req/s, ceiling req/s, ratio, target, PASS/FAIL, the
 * ratio of requests per server CPU-second (steadier than req/s when other processes take the
 * cores), p50/p99 of both, server CPU of both (100% = one core busy) and failed requests.
 * @example console.log(comparisonTable('ceiling', rows));
 */
export function comparisonTable(ceilingName: string, rows: readonly Comparison[]): string {
  return markdownTable(
    [
      'workload',
      'ours req/s',
      `${ceilingName} req/s`,
      'ratio',
      'target',
      'result',
      'ratio per server CPU-s',
      'ours p50 / p99 ms',
      `${ceilingName} p50 / p99 ms`,
      'server CPU ours / ceil.',
      'failed ours / ceil.',
    ],
    rows.map((c) => [
      c.workload,
      rate(c.ours.rps),
      rate(c.ceiling.rps),
      `${(c.ours.rps / c.ceiling.rps).toFixed(2)}×`,
      c.target === null ? '—' : `≥ ${c.target.toFixed(2)}×`,
      c.target === null ? 'reported' : passes(c) ? 'PASS' : 'FAIL',
      `${(c.ours.rps / c.ours.serverCpu / (c.ceiling.rps / c.ceiling.serverCpu)).toFixed(2)}×`,
      `${ms(c.ours.p50)} / ${ms(c.ours.p99)}`,
      `${ms(c.ceiling.p50)} / ${ms(c.ceiling.p99)}`,
      `${cpu(c.ours)} / ${cpu(c.ceiling)}`,
      `${c.ours.failed} / ${c.ceiling.failed}`,
    ]),
  );
}

/** p50 / p99 in milliseconds, for prose. */
export function latency(s: { p50: number; p99: number }): string {
  return `${ms(s.p50)} / ${ms(s.p99)}`;
}

/** The machine the figures come from: cores, Node, CPU model, load when the run started. */
export function machineInfo(): string {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown';
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `nproc ${availableParallelism()}, Node ${process.version}, CPU ${model}, load average at start ${load}`;
}
