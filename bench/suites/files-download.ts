/**
 * The download half of the files suite: one 1 MiB file fetched over and over through a few
 * keep-alive connections, ours against the bare static server, in interleaved rounds.
 */
import { Agent, request } from 'node:http';
import type { RunSettings } from '../lib/compare-pair';
import { type Sample, summarize } from '../lib/load-runner';
import { type Comparison, passes } from '../lib/report';
import type { ServerHandle } from '../lib/server-process';

const MIB = 1_048_576;

/** A child server of the suite and its pid (for its resident memory). */
export interface Child extends ServerHandle {
  readonly pid: number;
}

/** The comparison, and the median of its rounds' ratios (steadier when the machine is busy). */
export interface DownloadComparison {
  readonly row: Comparison;
  readonly medianRatio: number;
}

/** One side of the download comparison: a server and the path of the 1 MiB file on it. */
interface DownloadSide {
  readonly server: Child;
  readonly path: string;
}

/**
 * One run of downloads over `connections` keep-alive connections, each asking again as soon
 * as the last body has been read to its end (and dropped). An answer other than a 200 of
 * exactly 1 MiB counts as failed. Not autocannon: its client appends every body chunk to a
 * string (a UTF-8 decoding of each MiB), which held both servers near 60 req/s while it took
 * 0.8 of a core and the servers idled.
 */
async function downloadSample(side: DownloadSide, connections: number, seconds: number): Promise<Sample> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(side.path, side.server.url);
  const latencies: number[] = [];
  let failed = 0;
  let errors = 0;
  const fail = () => {
    errors += 1;
  };
  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const req = request(url, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.once('error', () => resolve(fail()));
        res.once('end', () => {
          latencies.push(performance.now() - sent);
          if (res.statusCode !== 200 || bytes !== MIB) failed += 1;
          resolve();
        });
      });
      req.once('error', () => resolve(fail()));
      req.end();
    });
  const cpuBefore = side.server.cpuSeconds();
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    seconds: elapsed,
    cpuSeconds: side.server.cpuSeconds() - cpuBefore,
    errors,
    kinds: new Map([['all', { latencies, failed }]]),
  };
}

/**
 * Both sides measured the same way, warmed up, then in short rounds, ours and bare back to
 * back (a slow moment of the shared machine costs both alike); the row targets a ratio of 0.8.
 * @example const { row } = await compareDownloads({ server: ours, path }, { server: bare, path: '/' }, settings);
 */
export async function compareDownloads(
  ours: DownloadSide,
  bare: DownloadSide,
  settings: RunSettings,
): Promise<DownloadComparison> {
  console.log(`  download 1 MiB: ${ours.server.name} vs ${bare.server.name}…`);
  const slice = settings.seconds / settings.rounds;
  await downloadSample(ours, settings.connections, settings.warmupSeconds);
  await downloadSample(bare, settings.connections, settings.warmupSeconds);
  const a: Sample[] = [];
  const b: Sample[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    // A B, then B A: neither side always follows the other (and the garbage it left).
    const pair = round % 2 === 0 ? [ours, bare] : [bare, ours];
    for (const side of pair)
      (side === ours ? a : b).push(await downloadSample(side, settings.connections, slice));
  }
  const row: Comparison = {
    workload: 'download 1 MiB',
    ours: summarize(a),
    ceiling: summarize(b),
    target: 0.8,
  };
  const rate = (s: Sample) => (s.kinds.get('all')?.latencies.length ?? 0) / s.seconds;
  const ratios = a.map((s, i) => rate(s) / rate(b[i]!)).sort((x, y) => x - y);
  const medianRatio = ratios[Math.floor(ratios.length / 2)]!;
  const mbps = (rps: number) => ((rps * MIB) / 1_000_000).toFixed(0);
  console.log(
    `    ${Math.round(row.ours.rps)} vs ${Math.round(row.ceiling.rps)} req/s (${mbps(row.ours.rps)} vs ` +
      `${mbps(row.ceiling.rps)} MB/s), ratio ${(row.ours.rps / row.ceiling.rps).toFixed(2)}× (median of rounds ` +
      `${medianRatio.toFixed(2)}×), failed ${row.ours.failed} / ${row.ceiling.failed} → ${passes(row) ? 'PASS' : 'FAIL'}`,
  );
  return { row, medianRatio };
}
