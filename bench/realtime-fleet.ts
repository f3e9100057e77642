/**
 * The subscribers of the realtime benchmark: one WebSocket per person, each subscribed as
 * its role would be. Every event heard is filed under the change it names (entity, id,
 * version) and timed: receipt on this machine's clock minus the record's `updatedAt`, which
 * the server stamped at the start of the write, before its commit — so each latency is an
 * upper bound of commit-to-receipt.
 */
import WebSocket from 'ws';
import type { Person } from './realtime-population';
import { type Change, entitled, eventKey, SUBSCRIPTIONS } from './realtime-workload';

interface EventMessage {
  readonly type: 'event' | 'resync';
  readonly event: string;
  readonly sub: string;
  readonly entity: string;
  readonly id: string;
  readonly record?: { readonly version?: number; readonly updatedAt?: string };
}

/** What the fleet heard, judged against the changes that were committed. */
export interface Verdict {
  readonly expected: number;
  readonly received: number;
  readonly lost: number;
  readonly leaked: number;
  readonly duplicates: number;
  readonly resyncs: number;
  /** A few lost and leaked deliveries, described, to start looking from. */
  readonly samples: string[];
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (raw: WebSocket.RawData) => {
      if ((JSON.parse(String(raw)) as { type: string }).type !== 'ready') return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
    ws.once('error', reject);
  });
}

/**
 * @example
 * const fleet = await Fleet.connect(port, people);
 * … writes …
 * const { lost, leaked } = fleet.verdict(changes);
 */
export class Fleet {
  /** Receipt minus `updatedAt`, in ms, for every event heard. */
  readonly latencies: number[] = [];
  /** Latencies by the subscriber's role. */
  readonly byRole = new Map<string, number[]>();
  /** Change key → the `socket:sub` pairs that heard it. */
  readonly #heard = new Map<string, Set<string>>();
  /** `socket:sub:entity:id` → how many `removed` it has heard, to name the next one. */
  readonly #removals = new Map<string, number>();
  #count = 0;
  #duplicates = 0;
  #resyncs = 0;

  private constructor(
    readonly people: readonly Person[],
    private readonly sockets: WebSocket[],
  ) {}

  /** Events heard so far. */
  get count(): number {
    return this.#count;
  }

  /**
   * Connects every person (50 at a time) and subscribes them as their role would.
   * @example const fleet = await Fleet.connect(port, people);
   */
  static async connect(port: number, people: readonly Person[]): Promise<Fleet> {
    const sockets: WebSocket[] = [];
    const fleet = new Fleet(people, sockets);
    for (let i = 0; i < people.length; i += 50) {
      await Promise.all(
        people.slice(i, i + 50).map(async (person, j) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: person.headers });
          await opened(ws);
          ws.on('error', () => {});
          const subs = SUBSCRIPTIONS[person.role];
          let pending = subs.length;
          const subscribed = new Promise<void>((resolve, reject) => {
            ws.on('message', (raw) => {
              const m = JSON.parse(String(raw)) as { type: string };
              if (m.type === 'subscribed' && --pending === 0) resolve();
              else if (m.type === 'error') reject(new Error(`subscribe refused: ${String(raw)}`));
              else if (m.type === 'event' || m.type === 'resync') fleet.#hear(i + j, m as EventMessage);
            });
          });
          for (const [id, entity, query] of subs)
            ws.send(JSON.stringify({ type: 'subscribe', id, entity, query }));
          await subscribed;
          sockets[i + j] = ws;
        }),
      );
    }
    return fleet;
  }

  #hear(index: number, m: EventMessage): void {
    const now = Date.now();
    this.#count += 1;
    if (m.type === 'resync') {
      this.#resyncs += 1;
      return;
    }
    const updatedAt = m.record?.updatedAt;
    if (updatedAt) {
      const ms = now - Date.parse(updatedAt);
      this.latencies.push(ms);
      const role = this.people[index]!.role;
      const list = this.byRole.get(role) ?? [];
      if (list.length === 0) this.byRole.set(role, list);
      list.push(ms);
    }
    let key = `${m.entity}:${m.id}:${m.record?.version}`;
    if (!m.record) {
      const at = `${index}:${m.sub}:${m.entity}:${m.id}`;
      const n = this.#removals.get(at) ?? 0;
      this.#removals.set(at, n + 1);
      key = `${m.entity}:${m.id}:${m.event}#${n}`;
    }
    const heard = this.#heard.get(key) ?? new Set<string>();
    if (heard.size === 0) this.#heard.set(key, heard);
    const who = `${index}:${m.sub}`;
    if (heard.has(who)) this.#duplicates += 1;
    heard.add(who);
  }

  /** How many deliveries the changes call for, by the hand-written rules. */
  expectedCount(changes: readonly Change[]): number {
    let n = 0;
    for (const c of changes)
      for (const p of this.people) for (const [sub] of SUBSCRIPTIONS[p.role]) if (entitled(p, sub, c)) n += 1;
    return n;
  }

  /** Compares what was heard with what the committed changes call for. */
  verdict(changes: readonly Change[]): Verdict {
    let expected = 0;
    let lost = 0;
    let leaked = 0;
    const samples: string[] = [];
    const note = (what: string, c: Change | undefined, who: string) => {
      const person = this.people[Number(who.split(':')[0])]!;
      if (samples.length < 10)
        samples.push(`${what} ${c ? JSON.stringify(c) : ''} → ${person.role} ${person.id} on ${who}`);
    };
    const heard = new Map(this.#heard);
    // Event key → the `socket:sub` pairs the rules say must hear it, and the change it is of.
    const want = new Map<string, { change: Change; who: Set<string> }>();
    for (const c of changes) {
      this.people.forEach((p, i) => {
        for (const [sub] of SUBSCRIPTIONS[p.role]) {
          if (!entitled(p, sub, c)) continue;
          const key = eventKey(c, sub);
          const entry = want.get(key) ?? { change: c, who: new Set<string>() };
          want.set(key, entry);
          entry.who.add(`${i}:${sub}`);
        }
      });
    }
    for (const [key, { change, who }] of want) {
      const got = heard.get(key) ?? new Set<string>();
      heard.delete(key);
      expected += who.size;
      for (const w of who) {
        if (got.has(w)) continue;
        lost += 1;
        note('lost', change, w);
      }
      for (const g of got) {
        if (who.has(g)) continue;
        leaked += 1;
        note('leaked', change, g);
      }
    }
    // Heard of a change that no successful write made: a leak too.
    for (const [key, got] of heard) {
      leaked += got.size;
      for (const g of got) note(`leaked ${key}`, undefined, g);
    }
    const received = this.#count;
    return {
      expected,
      received,
      lost,
      leaked,
      duplicates: this.#duplicates,
      resyncs: this.#resyncs,
      samples,
    };
  }

  /** Closes every socket. */
  async close(): Promise<void> {
    await Promise.all(
      this.sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) resolve();
            else {
              ws.once('close', () => resolve());
              ws.close(1000);
            }
          }),
      ),
    );
  }
}
