/**
 * A realtime subscription a test can wait on: it knows when the server confirmed it, keeps
 * every event it heard, and hands them out in order to `next(match)`, with a timeout that
 * says what was heard instead.
 */
import type { RealtimeEvent } from '@ninefold/client';
import type { SentSubscription, TestSockets } from './test-sockets';

/**
 * How long `ready()` and `next()` wait by default, in milliseconds.
 * @example await feed.next(undefined, { timeoutMs: 2 * LIVE_TIMEOUT_MS });
 */
export const LIVE_TIMEOUT_MS = 5_000;

/**
 * How long to wait.
 * @example await feed.next(undefined, { timeoutMs: 200 });
 */
export interface WaitOptions {
  /** Milliseconds to wait before failing; default 5000. */
  readonly timeoutMs?: number;
}

/**
 * A live subscription of a test client.
 * @example const feed = agent.live('tickets'); await feed.ready(); await feed.next();
 */
export interface LiveFeed {
  /** Every event heard so far, oldest first. */
  readonly events: readonly RealtimeEvent[];
  /**
   * Resolves once the server has confirmed the subscription: changes made after it are heard.
   * @example const feed = agent.live('tickets'); await feed.ready();
   */
  ready(options?: WaitOptions): Promise<void>;
  /**
   * The next event not yet taken that matches (any, without `match`), waiting for it; the
   * events it passes over are taken too. Rejects after the timeout, listing what was heard.
   * @example const e = await feed.next((e) => e.type === 'event' && e.event === 'created');
   */
  next(match?: (event: RealtimeEvent) => boolean, options?: WaitOptions): Promise<RealtimeEvent>;
  /** Unsubscribes. */
  stop(): void;
}

type Subscribe = (listener: (event: RealtimeEvent) => void) => () => void;

function sameQuery(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function waitFor<T>(
  check: () => T | undefined,
  subscribe: (wake: () => void) => () => void,
  timeoutMs: number,
  failure: () => string,
): Promise<T> {
  const found = check();
  if (found !== undefined) return Promise.resolve(found);
  return new Promise<T>((resolve, reject) => {
    const stop = subscribe(() => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(failure()));
    }, timeoutMs);
  });
}

/**
 * Subscribes through `subscribe` and follows it on `sockets`; `wire` is the subscribe
 * message's content the client will send, to recognise its confirmation.
 * @example const feed = liveFeed(sockets, { entity: 'tickets', query: {} }, (l) => client.subscribe('tickets', {}, l));
 */
export function liveFeed(
  sockets: TestSockets,
  wire: Omit<SentSubscription, 'id'>,
  subscribe: Subscribe,
): LiveFeed {
  const events: RealtimeEvent[] = [];
  const wakers = new Set<() => void>();
  let taken = 0;
  const from = sockets.sent.length;
  const unsubscribe = subscribe((event) => {
    events.push(event);
    for (const w of wakers) w();
  });
  const onEvent = (wake: () => void) => {
    wakers.add(wake);
    return () => wakers.delete(wake);
  };
  const describe = () =>
    `${wire.entity}${wire.recordId ? ` ${wire.recordId}` : ''} ${JSON.stringify(wire.query)}`;
  return {
    events,
    ready: async ({ timeoutMs = LIVE_TIMEOUT_MS } = {}) => {
      await waitFor(
        () =>
          sockets.sent
            .slice(from)
            .some(
              (s) =>
                sockets.confirmed.has(s.id) &&
                s.entity === wire.entity &&
                s.recordId === wire.recordId &&
                sameQuery(s.query, wire.query),
            ) || undefined,
        (wake) => sockets.onConfirmed(wake),
        timeoutMs,
        () => `The subscription to ${describe()} was not confirmed within ${timeoutMs} ms.`,
      );
    },
    next: (match = () => true, { timeoutMs = LIVE_TIMEOUT_MS } = {}) =>
      waitFor(
        () => {
          while (taken < events.length) {
            const event = events[taken++]!;
            if (match(event)) return event;
          }
          return undefined;
        },
        onEvent,
        timeoutMs,
        () =>
          `No matching event on ${describe()} within ${timeoutMs} ms; heard ${events.length}: ${JSON.stringify(events)}`,
      ),
    stop: unsubscribe,
  };
}
