/**
 * Sockets owed a `resync`: events meant for them were dropped (their send buffer was full,
 * the hub's backlog was shed, or the bus missed changes). They hear nothing more until told,
 * and they are told as soon as their buffer has drained — by the next event for them, or by
 * a cheap poll of the few owed sockets, so a quiet moment after a burst does not leave a
 * client waiting for an event that may never come.
 */
import type { RealtimeClient } from './realtime-hub';

const POLL_MS = 20;

/**
 * @example
 * const watch = new ResyncWatch(64 << 10, (c) => clients.has(c));
 * watch.owe(client, 'events were dropped'); // told `resync` once its buffer drains
 */
export class ResyncWatch {
  /** Each owed socket, with why. */
  readonly #owed = new Map<RealtimeClient, string>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    /** A socket with at most this many bytes buffered has drained. */
    private readonly lowWater: number,
    /** Whether a socket is still connected. */
    private readonly connected: (client: RealtimeClient) => boolean,
  ) {}

  get size(): number {
    return this.#owed.size;
  }

  /** Drops the socket's events from now until it has been told to resync. */
  owe(client: RealtimeClient, reason: string): void {
    client.overflowed = true;
    if (!this.#owed.has(client)) this.#owed.set(client, reason);
    this.#timer ??= setInterval(() => this.#poll(), POLL_MS).unref();
  }

  /** Tells an owed socket to resync if it has drained; whether it may hear events again. */
  settle(client: RealtimeClient): boolean {
    if (client.buffered() > this.lowWater) return false;
    const reason = this.#owed.get(client) ?? 'events were dropped';
    this.#owed.delete(client);
    client.overflowed = false;
    client.send({ type: 'resync', reason });
    return true;
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#owed.clear();
  }

  #poll(): void {
    for (const client of this.#owed.keys()) {
      if (!this.connected(client)) this.#owed.delete(client);
      else this.settle(client);
    }
    if (this.#owed.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
