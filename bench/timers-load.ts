/**
 * A load with no fixed end, for the timers benchmark: the API read runs against every
 * process of the server until told to stop (when the last timer has fired), and answers the
 * latency of each response, taken per response as bench/lib/load-runner.ts takes it.
 */
import autocannon from 'autocannon';
import type { ServerHandle } from './lib/server-process';

/** What the load measured between its start and its stop. */
export interface TimedLoad {
  readonly seconds: number;
  readonly count: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Answers that were not 2xx, and connection errors. */
  readonly failed: number;
  /** Server CPU over the load, in cores (1.0 = one core busy), all processes summed. */
  readonly serverCpu: number;
}

/** A running load: `stop()` ends it and answers what it measured. */
export interface RunningLoad {
  stop(): Promise<TimedLoad>;
}

/** What to send: the same GET on every request. */
export interface LoadTarget {
  readonly server: ServerHandle;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Connections in all, shared out over the server's processes. */
  readonly connections: number;
}

const FOREVER_SECONDS = 24 * 3600;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Starts the load now.
 * @example const load = startLoad({ server, path: '/api/entities/reminders?limit=25', headers, connections: 8 }); … const idle = await load.stop();
 */
export function startLoad(target: LoadTarget): RunningLoad {
  const urls = target.server.urls ?? [target.server.url];
  const connections = Math.max(1, Math.round(target.connections / urls.length));
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const cpuBefore = target.server.cpuSeconds();
  const runs = urls.map((url) => {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const instance = autocannon(
      {
        url: `${url}${target.path}`,
        connections,
        duration: FOREVER_SECONDS,
        headers: { ...target.headers },
      },
      (_error, result) => {
        failed += result?.errors ?? 0;
        done();
      },
    );
    instance.on('response', (_client, code, _bytes, ms) => {
      latencies.push(ms);
      if (code < 200 || code >= 300) failed += 1;
    });
    return { instance, finished };
  });
  return {
    stop: async () => {
      const seconds = (performance.now() - started) / 1000;
      const cpu = target.server.cpuSeconds() - cpuBefore;
      for (const r of runs) r.instance.stop();
      await Promise.all(runs.map((r) => r.finished));
      const sorted = Float64Array.from(latencies).sort();
      return {
        seconds,
        count: sorted.length,
        rps: sorted.length / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        failed,
        serverCpu: cpu / seconds,
      };
    },
  };
}

/**
 * The load for `seconds`, then stopped.
 * @example const idle = await loadFor(target, 10);
 */
export async function loadFor(target: LoadTarget, seconds: number): Promise<TimedLoad> {
  const load = startLoad(target);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return load.stop();
}
