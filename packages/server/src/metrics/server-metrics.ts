/**
 * One server's metrics, in a registry of its own (tests start many servers in one process):
 * every HTTP request by method, route pattern and status, and the realtime hub's sockets and
 * backlog. A scrape adds the process's figures (process-metrics.ts) to them.
 */
import { Gauge, Histogram, Registry } from 'prom-client';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { processMetrics } from './process-metrics';

/** What a request is counted by: never its URL, whose ids would make a series per record. */
export interface RequestLabels {
  readonly method: string;
  /** The route's pattern (`/api/entities/:entity/:id`), or `unmatched` when none answered. */
  readonly route: string;
  readonly status: number;
}

// From 5 ms to 10 s: a page of records answers in milliseconds, an import or export in seconds.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * @example
 * const metrics = new ServerMetrics(hub);
 * metrics.observe({ method: 'GET', route: '/api/health', status: 200 }, 0.002);
 * const text = await metrics.text();
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status'>;

  constructor(hub: RealtimeHub) {
    this.#requests = new Histogram({
      name: 'ninefold_http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route pattern and status, and how long each took.',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [this.registry],
    });
    // Read at scrape time: the hub already keeps these figures, nothing is counted twice.
    new Gauge({
      name: 'ninefold_realtime_connections',
      help: 'Realtime sockets open now.',
      registers: [this.registry],
      collect() {
        this.set(hub.clients.size);
      },
    });
    new Gauge({
      name: 'ninefold_realtime_queued_events',
      help: 'Committed changes heard and not yet dispatched to the sockets.',
      registers: [this.registry],
      collect() {
        this.set(hub.stats.queued);
      },
    });
    new Gauge({
      name: 'ninefold_realtime_queue_limit',
      help: 'The most changes that may wait for dispatch before the backlog is dropped.',
      registers: [this.registry],
      collect() {
        this.set(hub.stats.queueLimit);
      },
    });
    new Gauge({
      name: 'ninefold_realtime_resyncs_owed',
      help: 'Sockets that missed events and are waiting to be told to resync.',
      registers: [this.registry],
      collect() {
        this.set(hub.stats.owed);
      },
    });
  }

  /** Counts one answered request that took `seconds`. */
  observe(labels: RequestLabels, seconds: number): void {
    this.#requests.observe(
      { method: labels.method, route: labels.route, status: String(labels.status) },
      seconds,
    );
  }

  /** The Prometheus text exposition of this server's metrics and the process's. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }

  /** The content type of `text()`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
