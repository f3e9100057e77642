/**
 * Drives one workload with autocannon: optionally a warm-up run that is thrown away, then a
 * measured run; several measured runs summarize into one result. Latencies are taken per response from autocannon's `response` event (microsecond
 * precision; its own histogram rounds to whole milliseconds), split by request kind when
 * the workload mixes kinds.
 */
import autocannon from 'autocannon';
import type { ServerHandle } from './server-process';

/** One request to send; `kind` groups latencies (for example `read` and `write`). */
export interface Shot {
  readonly method?: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly kind?: string;
}

/** One workload against one server. */
export interface LoadOptions {
  readonly server: ServerHandle;
  /** Called for every request: what to send next. */
  readonly next: () => Shot;
  readonly connections: number;
  /** Split latencies by `Shot.kind` (makes autocannon keep response bodies: a little client CPU). */
  readonly splitKinds?: boolean;
}

/** Latency and failures of one kind of request. */
export interface KindStats {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly failed: number;
}

/** A workload's result: throughput, latency, failures, server CPU, and the same per kind. */
export interface LoadStats extends KindStats {
  /** Responses per second (2xx or not; `failed` says how many were not). */
  readonly rps: number;
  /** Server CPU during the measured run, in cores (1.0 = one core fully busy). */
  readonly serverCpu: number;
  readonly byKind: ReadonlyMap<string, KindStats>;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function statsOf(latencies: readonly number[], failed: number): KindStats {
  const sorted = Float64Array.from(latencies).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed };
}

/** The raw outcome of one measured run; several of them summarize into one LoadStats. */
export interface Sample {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly errors: number;
  readonly kinds: ReadonlyMap<string, { readonly latencies: number[]; failed: number }>;
}

/** One run against every process of the server at once, connections shared out, merged. */
async function fire(options: LoadOptions, seconds: number): Promise<Sample> {
  const urls = options.server.urls ?? [options.server.url];
  if (urls.length === 1) return fireAt(options.server.url, options, seconds);
  const cpuBefore = options.server.cpuSeconds();
  const connections = Math.max(1, Math.round(options.connections / urls.length));
  const samples = await Promise.all(urls.map((url) => fireAt(url, { ...options, connections }, seconds)));
  return {
    seconds: Math.max(...samples.map((s) => s.seconds)),
    cpuSeconds: options.server.cpuSeconds() - cpuBefore,
    errors: samples.reduce((n, s) => n + s.errors, 0),
    kinds: mergeKinds(samples),
  };
}

/** The latencies and failures of several samples, kind by kind. */
function mergeKinds(samples: readonly Sample[]): Map<string, { latencies: number[]; failed: number }> {
  const merged = new Map<string, { latencies: number[]; failed: number }>();
  for (const s of samples) {
    for (const [k, v] of s.kinds) {
      const m = merged.get(k) ?? { latencies: [], failed: 0 };
      for (const ms of v.latencies) m.latencies.push(ms);
      m.failed += v.failed;
      merged.set(k, m);
    }
  }
  return merged;
}

function fireAt(url: string, options: LoadOptions, seconds: number): Promise<Sample> {
  const kinds = new Map<string, { latencies: number[]; failed: number }>();
  // autocannon calls onResponse and then emits `response` synchronously for the same
  // request, so the kind recorded here is the kind of the response the event reports.
  let kind = 'all';
  let status = 0;
  const cpuBefore = options.server.cpuSeconds();
  return new Promise<Sample>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req, context) => {
              const shot = options.next();
              (context as { kind?: string }).kind = shot.kind ?? 'all';
              return {
                ...req,
                method: shot.method ?? 'GET',
                path: shot.path,
                headers: { ...shot.headers },
                ...(shot.body !== undefined ? { body: shot.body } : {}),
              };
            },
            ...(options.splitKinds
              ? {
                  onResponse: (code: number, _body: string, context: object) => {
                    kind = (context as { kind?: string }).kind ?? 'all';
                    status = code;
                  },
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const cpuSeconds = options.server.cpuSeconds() - cpuBefore;
        resolve({ seconds: result.duration, cpuSeconds, errors: result.errors, kinds });
      },
    );
    instance.on('response', (_client, code, _bytes, ms) => {
      const k = kinds.get(kind) ?? { latencies: [], failed: 0 };
      kinds.set(kind, k);
      k.latencies.push(ms);
      if (!options.splitKinds) status = code;
      if (status < 200 || status >= 300) k.failed += 1;
    });
  });
}

/**
 * One measured run of `seconds`, after a thrown-away warm-up of `warmupSeconds`.
 * @example const s = await sampleLoad({ server, next: () => ({ path: '/api/health' }), connections: 32 }, 10, 3);
 */
export async function sampleLoad(options: LoadOptions, seconds: number, warmupSeconds = 0): Promise<Sample> {
  if (warmupSeconds > 0) await fire(options, warmupSeconds);
  return fire(options, seconds);
}

/**
 * Several runs of one workload as one result: rates over the summed time, percentiles over
 * every response of every run.
 * @example const stats = summarize([await sampleLoad(o, 5, 3), await sampleLoad(o, 5)]);
 */
export function summarize(samples: readonly Sample[]): LoadStats {
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const merged = mergeKinds(samples);
  const byKind = new Map([...merged].map(([k, m]) => [k, statsOf(m.latencies, m.failed)]));
  const errors = samples.reduce((n, s) => n + s.errors, 0);
  const all = statsOf(
    [...merged.values()].flatMap((m) => m.latencies),
    [...merged.values()].reduce((n, m) => n + m.failed, errors),
  );
  const cpu = samples.reduce((n, s) => n + s.cpuSeconds, 0);
  return { ...all, rps: all.count / seconds, serverCpu: cpu / seconds, byKind };
}
