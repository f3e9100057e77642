/**
 * A real webhook receiver for tests: a node:http server on a loopback port that verifies
 * every delivery's signature with the Standard Webhooks reference library (as a receiver
 * would, timestamp tolerance included), answers as the test scripts it, and keeps every
 * delivery — so a test can count arrivals per `webhook-id` and what was answered to each.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request that reached the receiver. */
export interface Delivery {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly body: string;
  /** Whether the signature verified with the receiver's secret. */
  readonly verified: boolean;
  /** The status it was answered with. */
  readonly status: number;
}

/** A delivery's body, parsed. */
export interface Event {
  readonly type: string;
  readonly timestamp: string;
  readonly data: {
    readonly entity: string;
    readonly id: string;
    readonly record: Record<string, unknown>;
    readonly changed?: string[];
    readonly transition?: { name: string; from?: unknown; to?: unknown };
  };
}

export interface Receiver {
  readonly url: string;
  readonly secret: string;
  readonly deliveries: Delivery[];
  /** Statuses to answer the next requests with, in order; then 200. */
  answerNext(...statuses: number[]): void;
  /** The verified deliveries answered 2xx, one per `webhook-id`: the events received. */
  events(): Event[];
  close(): Promise<void>;
}

/**
 * A fresh Standard Webhooks secret: `whsec_` and 24 random bytes in base64.
 * @example const receiver = await startReceiver(newSecret());
 */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * @example const receiver = await startReceiver(); … receiver.events(); await receiver.close();
 */
export async function startReceiver(secret = newSecret()): Promise<Receiver> {
  const verifier = new Webhook(secret);
  const deliveries: Delivery[] = [];
  const script: number[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const h = (name: string) => String(req.headers[name] ?? '');
    let verified = true;
    try {
      verifier.verify(body, {
        'webhook-id': h('webhook-id'),
        'webhook-timestamp': h('webhook-timestamp'),
        'webhook-signature': h('webhook-signature'),
      });
    } catch {
      verified = false;
    }
    const status = verified ? (script.shift() ?? 200) : 400;
    deliveries.push({
      id: h('webhook-id'),
      timestamp: h('webhook-timestamp'),
      signature: h('webhook-signature'),
      body,
      verified,
      status,
    });
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(status < 300 ? 'ok' : `refused with ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    secret,
    deliveries,
    answerNext: (...statuses) => void script.push(...statuses),
    events: () => {
      const seen = new Map<string, Event>();
      for (const d of deliveries)
        if (d.verified && d.status < 300 && !seen.has(d.id)) seen.set(d.id, JSON.parse(d.body) as Event);
      return [...seen.values()];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
