/**
 * Realtime fan-out. Each committed change is judged for every subscriber on its own
 * (event-verdict.ts): could
 * they read the record before, can they read it now (the same read rule as REST, at this
 * moment), does it match their query — and they hear `created`, `updated`, `transitioned`,
 * `deleted` or `removed` with only the fields they may read. An update or a transition of a
 * record they hold all along that changed only fields hidden from them is not told at all
 * (hidden-change.ts): the event alone would say when those fields changed. Their copy keeps
 * its older `version`, so a write of theirs with `If-Match` is answered VERSION_MISMATCH
 * and the client reads the record afresh. Events go out one at a time,
 * so each record's events arrive in commit order. Nothing grows without bound: past a
 * high-water mark a slow socket's events are dropped, past a limit the backlog of events is
 * dropped, and the sockets that missed events are told to resync once they can hear it. An
 * event whose dispatch fails (a related row could not be read) is logged, and every socket
 * subscribed to its entity is told to resync: none is left holding a stale copy unknowingly.
 * Sockets end with their sessions, ahead of the backlog (session-sweep.ts). An in-app
 * notification goes to every socket of its person acting as the role it was judged for
 * alone, in its turn among the events; one shed from the backlog owes those sockets a
 * resync, and a gap in the bus owes one to every signed-in socket — a socket that only
 * listens for notifications (the bell) subscribes to nothing, yet must not miss them silently.
 */
import { type NotificationItem, REALTIME_CLOSE } from '@ninefold/spec';
import { sql } from 'kysely';
import { AppError } from '../core/app-error';
import type { BusEvent } from '../core/changes/change-event';
import type { Core } from '../core/ninefold-core';
import type { Filter } from '../core/records/list-query';
import { readListQuery } from '../core/records/list-records';
import { decodeRow, type Rec } from '../core/records/row-codec';
import type { RowLoader } from '../core/rules/evaluate-rule';
import type { Caller } from '../core/rules/rule-context';
import { DispatchQueue } from './dispatch-queue';
import { type Judgement, verdict } from './event-verdict';
import { ResyncWatch } from './resync-watch';
import { endSessionsOf, sweepSessions } from './session-sweep';

export interface Subscription {
  readonly id: string;
  readonly entity: string;
  readonly recordId?: string;
  readonly filters: readonly Filter[];
}

/** One connected socket, as the hub sees it. */
export interface RealtimeClient {
  caller: Caller | null;
  /** The session the socket was opened with (its digest), if any. */
  session: string | undefined;
  /** When that session expires (ms since the epoch), once known: the socket ends with it. */
  expiresAt?: number | undefined;
  readonly subs: Map<string, Subscription>;
  /** Owed a resync: its events are dropped until it has been told (see resync-watch.ts). */
  overflowed: boolean;
  /** Bytes queued on the socket and not yet sent. */
  buffered(): number;
  send(message: object): void;
  /** Sends a message already serialized. */
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /** Drops the connection at once, without waiting for the client's answer to a close. */
  terminate?(): void;
}

const LOW_WATER = 64 << 10;
const GONE_KEPT = 1000;

/** Where the hub reports what failed: a message, and the error with its stack. */
export type RealtimeLog = (message: string, error: unknown) => void;

const consoleLog: RealtimeLog = (message, error) => console.error(`[ninefold realtime] ${message}`, error);

/** The hub's bounds; the defaults are the production ones. */
export interface RealtimeOptions {
  /** Bytes a socket may have waiting to be sent before its events are dropped (1 MiB). */
  readonly highWater?: number;
  /** Events waiting for dispatch before the backlog is dropped; each holds two records (10 000). */
  readonly queueLimit?: number;
  /**
   * How often every open socket's session is read again (60 s): what no event announces (a
   * session row deleted outside the server) ends its sockets within this period.
   */
  readonly sessionCheckMs?: number;
  /** Where failures are logged; the server's logger once the route is registered, else stderr. */
  readonly log?: RealtimeLog;
}

/** The bus missed events: every subscriber and signed-in socket resyncs once the events before it are out. */
interface Gap {
  readonly kind: 'gap';
  readonly reason: string;
}

/** Whether a socket is of `userId` acting as `role`: a notification judged for it is theirs. */
const hears = (client: RealtimeClient, userId: string, role: string): boolean =>
  client.caller?.id === userId && client.caller.role === role;

/**
 * @example
 * const hub = new RealtimeHub(core, { queueLimit: 10_000 });
 * hub.subscribe(client, 'mine', 'tickets', { status: 'open' });
 */
export class RealtimeHub {
  readonly clients = new Set<RealtimeClient>();
  readonly #queue: DispatchQueue<BusEvent | Gap>;
  readonly #highWater: number;
  readonly #resyncs = new ResyncWatch(LOW_WATER, (c) => this.clients.has(c));
  readonly #unlisten: () => void;
  readonly #ungap: () => void;
  /** Rows deleted lately: a row deleted with its parent is judged by the parent it had. */
  readonly #gone = new Map<string, Rec>();
  readonly #sweep: NodeJS.Timeout;
  #sweeping = false;
  #closed = false;
  /** Sockets closed by `close()`, until `terminate()`: a client may never answer the close. */
  readonly #leaving = new Set<RealtimeClient>();
  #log: RealtimeLog | undefined;

  constructor(
    private readonly core: Core,
    options: RealtimeOptions = {},
  ) {
    this.#highWater = options.highWater ?? 1 << 20;
    this.#log = options.log;
    this.#queue = new DispatchQueue<BusEvent | Gap>(
      (e) => this.#dispatch(e),
      (dropped) => this.#shed(dropped),
      options.queueLimit ?? 10_000,
      (e, error) => this.#failed(e, error),
    );
    this.#unlisten = core.bus.listen((e) => {
      // Before the backlog: a sign-out must not wait behind thousands of events to close its
      // sockets, and closing a socket sooner than its turn is safe.
      endSessionsOf(this.clients, e);
      // A row deleted is kept from the moment it is heard: an event queued before it (a child
      // deleted in the same burst) may be judged after the row is gone from the database.
      if (e.kind === 'change' && e.op === 'delete' && e.before)
        this.#remember(`${e.entity}:${e.id}`, e.before);
      this.#queue.push(e);
    });
    this.#ungap = core.bus.gaps((reason) => this.#queue.push({ kind: 'gap', reason }));
    this.#sweep = setInterval(() => void this.checkSessions(), options.sessionCheckMs ?? 60_000).unref();
  }

  /**
   * Logs to `log` from now on, unless the hub was made with a log of its own: the route
   * hands it the server's logger.
   * @example hub.attachLog((message, err) => server.log.error({ err }, message));
   */
  attachLog(log: RealtimeLog): void {
    this.#log ??= log;
  }

  /**
   * Reads every open socket's session again, closing those whose session has ended (one
   * query per 500 sessions); a sweep already running is not doubled. Run every
   * `sessionCheckMs`; answers how many sockets it closed.
   * @example await hub.checkSessions();
   */
  async checkSessions(): Promise<number> {
    if (this.#sweeping || this.clients.size === 0) return 0;
    this.#sweeping = true;
    try {
      return await sweepSessions(this.core, this.clients);
    } catch (error) {
      this.#report('reading the sessions of open sockets failed', error);
      return 0;
    } finally {
      this.#sweeping = false;
    }
  }

  /** Resolves once every event heard so far has been dispatched. */
  settled(): Promise<void> {
    return this.#queue.settled();
  }

  /**
   * Diagnostics, read-only: events waiting for dispatch, the most that may wait, and the
   * sockets owed a resync. The bounds themselves are fixed when the hub is made.
   * @example const { queued, owed } = hub.stats;
   */
  get stats(): { readonly queued: number; readonly queueLimit: number; readonly owed: number } {
    return { queued: this.#queue.length, queueLimit: this.#queue.limit, owed: this.#resyncs.size };
  }

  /**
   * Stops hearing changes and closes every socket with `going away` (1001), which tells the
   * client to reconnect (to this server restarted, or another process). Safe to call twice.
   * @example hub.close(); // each socket's close event: { code: 1001, reason: 'server going away; reconnect' }
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#sweep);
    this.#unlisten();
    this.#ungap();
    this.#resyncs.stop();
    for (const c of this.clients) {
      c.close(REALTIME_CLOSE.goingAway, 'server going away; reconnect');
      this.#leaving.add(c);
    }
    this.clients.clear();
  }

  /**
   * Drops the sockets `close()` closed whose clients never answered the close: a shutdown
   * past its grace period must not wait on them.
   * @example setTimeout(() => hub.terminate(), 10_000);
   */
  terminate(): void {
    for (const c of this.#leaving) c.terminate?.();
    this.#leaving.clear();
  }

  /** Adds a subscription after checking the entity and query against what the caller may read. */
  subscribe(
    client: RealtimeClient,
    id: string,
    entity: string,
    query: Record<string, unknown>,
    recordId?: string,
  ): void {
    const scope = this.core.scope(client.caller);
    const { filters } = readListQuery(scope, entity, query);
    if (client.subs.size >= 100) throw new AppError('LIMIT_EXCEEDED', { limit: 'subscriptions', max: 100 });
    client.subs.set(id, { id, entity, filters, ...(recordId ? { recordId } : {}) });
  }

  /**
   * Drops a backlog too long to dispatch (what it would close was closed when heard): every
   * socket subscribed to an entity it touched, and every socket a dropped notification was
   * for, is owed a resync (after a dropped gap, every signed-in socket too).
   */
  #shed(dropped: readonly (BusEvent | Gap)[]): void {
    const entities = new Set<string>();
    let all = false;
    const reason = 'events were dropped while the server was behind';
    for (const e of dropped) {
      if (e.kind === 'gap') {
        all = true;
        continue;
      }
      if (e.kind === 'notification') {
        for (const c of this.clients) if (hears(c, e.userId, e.role)) this.#resyncs.owe(c, reason);
        continue;
      }
      if (e.kind !== 'change') continue;
      entities.add(e.entity);
      if (e.op === 'delete' && e.before) this.#remember(`${e.entity}:${e.id}`, e.before);
    }
    if (all) this.#oweSignedIn(reason);
    this.#oweSubscribers(all ? null : entities, reason);
  }

  /**
   * An event whose dispatch threw: some subscribers may have heard it and the rest not, so
   * every socket subscribed to its entity is owed a resync, and the failure is logged.
   */
  #failed(event: BusEvent | Gap, error: unknown): void {
    const entity = event.kind === 'change' ? event.entity : null;
    this.#report(
      `dispatching a change${entity ? ` to ${entity}` : ''} failed; its subscribers resync`,
      error,
    );
    this.#oweSubscribers(entity === null ? null : new Set([entity]), 'an event could not be delivered');
  }

  /** Owes a resync to every socket subscribed to one of `entities` (to any entity: null). */
  #oweSubscribers(entities: ReadonlySet<string> | null, reason: string): void {
    for (const c of this.clients) {
      for (const sub of c.subs.values()) {
        if (entities && !entities.has(sub.entity)) continue;
        this.#resyncs.owe(c, reason);
        break;
      }
    }
  }

  /** Owes a resync to every socket with a signed-in caller: it may have missed a notification. */
  #oweSignedIn(reason: string): void {
    for (const c of this.clients) if (c.caller) this.#resyncs.owe(c, reason);
  }

  #report(message: string, error: unknown): void {
    try {
      (this.#log ?? consoleLog)(message, error);
    } catch {}
  }

  async #dispatch(event: BusEvent | Gap): Promise<void> {
    if (event.kind === 'gap') {
      for (const c of this.clients) if (c.subs.size > 0 || c.caller) this.#resyncs.owe(c, event.reason);
      return;
    }
    if (event.kind === 'sessionEnded') return;
    if (event.kind === 'notification') {
      this.#notify(event.userId, event.role, event.notification);
      return;
    }
    const rows = new Map<string, Promise<Rec | null>>();
    const load: RowLoader = (entity, id) => {
      const key = `${entity}:${id}`;
      let row = rows.get(key);
      if (!row) {
        row = this.#load(entity, id);
        rows.set(key, row);
      }
      return row;
    };
    if (event.op === 'delete' && event.before) this.#remember(`${event.entity}:${event.id}`, event.before);
    const loadBefore: RowLoader = async (entity, id) =>
      (await load(entity, id)) ?? this.#tombstone(entity, id);
    const judge: Judgement = {
      event,
      now: this.core.now(),
      load,
      loadBefore,
      records: new Map(),
      hidden: new Map(),
      // This core's links: each subscriber hears urls signed with its database's key.
      files: this.core.files.links,
    };
    const at = judge.now.getTime();
    for (const client of this.clients) {
      // An expired session reads nothing through REST, so its socket hears nothing either.
      if (client.expiresAt !== undefined && at >= client.expiresAt) {
        client.close(4001, 'session expired');
        continue;
      }
      for (const sub of client.subs.values()) {
        if (sub.entity !== event.entity || (sub.recordId && sub.recordId !== event.id)) continue;
        // Most rules are decided at once; only those reading a related record wait for it.
        const told = verdict(this.core.app, client, sub, judge);
        const message = told instanceof Promise ? await told : told;
        if (message) this.#deliver(client, message);
      }
    }
  }

  /**
   * A notification goes to every socket of its recipient acting as the role it was judged
   * for, whatever it subscribed to: a socket of theirs opened with a narrower key, or before
   * a demotion, hears nothing of it, as their notification list shows it not.
   */
  #notify(userId: string, role: string, notification: NotificationItem): void {
    let text: string | undefined;
    const at = this.core.now().getTime();
    for (const client of this.clients) {
      if (!hears(client, userId, role)) continue;
      if (client.expiresAt !== undefined && at >= client.expiresAt) continue;
      text ??= JSON.stringify({ type: 'notification', notification });
      this.#deliver(client, text);
    }
  }

  #remember(key: string, row: Rec): void {
    this.#gone.delete(key);
    this.#gone.set(key, row);
    if (this.#gone.size > GONE_KEPT) this.#gone.delete(this.#gone.keys().next().value!);
  }

  /** A deleted row, kept fresh while the rows that went with it are judged. */
  #tombstone(entity: string, id: string): Rec | null {
    const key = `${entity}:${id}`;
    const row = this.#gone.get(key);
    if (row) this.#remember(key, row);
    return row ?? null;
  }

  #deliver(client: RealtimeClient, message: string): void {
    if (client.overflowed && !this.#resyncs.settle(client)) return;
    if (client.buffered() > this.#highWater) {
      this.#resyncs.owe(client, 'events were dropped while the connection was slow');
      return;
    }
    client.sendText(message);
  }

  async #load(entity: string, id: string): Promise<Rec | null> {
    const node = this.core.app.entities[entity];
    if (!node) return null;
    const rows = await this.core.db.all<Rec>(
      sql`select * from ${sql.table(entity)} where id = ${id}`.compile(this.core.db.qb),
    );
    return rows[0] ? decodeRow(node, rows[0], this.core.db.dialect) : null;
  }
}
