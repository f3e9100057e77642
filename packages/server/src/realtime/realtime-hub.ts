/**
 * Realtime fan-out. Each committed change is judged for every subscriber on its own: could
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
 * Sockets end with their sessions, ahead of the backlog (session-sweep.ts).
 */
import { sql } from 'kysely';
import { AppError } from '../core/app-error';
import { diff } from '../core/audit/audit-log';
import { isHiddenChange } from '../core/audit/hidden-change';
import type { BusEvent, ChangeEvent } from '../core/changes/change-event';
import type { Core } from '../core/ninefold-core';
import { readableCopy } from '../core/records/answer';
import type { Filter } from '../core/records/list-query';
import { readListQuery } from '../core/records/list-records';
import { decodeRow, type Rec } from '../core/records/row-codec';
import { accessRule } from '../core/rules/access-rule';
import { evalRule, NEEDS_ROWS, type RowLoader, ruleNow } from '../core/rules/evaluate-rule';
import { type FieldSet, fieldsOfRecord, readPlan, sameFields } from '../core/rules/record-fields';
import { type Caller, type RuleContext, roleOf } from '../core/rules/rule-context';
import { DispatchQueue } from './dispatch-queue';
import { matchFilters } from './match-filters';
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
}

/** One event being dispatched: what every subscriber's verdict shares. */
interface Judgement {
  readonly event: ChangeEvent;
  readonly now: Date;
  readonly load: RowLoader;
  readonly loadBefore: RowLoader;
  /**
   * The record's JSON per set of fields shown: one per role whose read grants all show the
   * same fields, one per role and grants held where they differ (record-fields.ts keeps one
   * set object per grants held, so the set itself is the key).
   */
  readonly records: Map<FieldSet, string>;
  /** Per set of fields shown, whether the write changed only fields outside it; updates alone. */
  readonly hidden: Map<FieldSet, boolean>;
  /** The fields the write changed, once asked. */
  changed?: readonly string[];
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

/** The bus missed events: every subscriber resyncs once the events before it are out. */
interface Gap {
  readonly kind: 'gap';
  readonly reason: string;
}

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

  close(): void {
    clearInterval(this.#sweep);
    this.#unlisten();
    this.#ungap();
    this.#resyncs.stop();
    for (const c of this.clients) c.close(1001, 'server closing');
    this.clients.clear();
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
   * Drops a backlog too long to dispatch (what it would close was closed when heard), and
   * every socket subscribed to an entity it touched is owed a resync.
   */
  #shed(dropped: readonly (BusEvent | Gap)[]): void {
    const entities = new Set<string>();
    let all = false;
    for (const e of dropped) {
      if (e.kind === 'gap') {
        all = true;
        continue;
      }
      if (e.kind !== 'change') continue;
      entities.add(e.entity);
      if (e.op === 'delete' && e.before) this.#remember(`${e.entity}:${e.id}`, e.before);
    }
    this.#oweSubscribers(all ? null : entities, 'events were dropped while the server was behind');
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

  #report(message: string, error: unknown): void {
    try {
      (this.#log ?? consoleLog)(message, error);
    } catch {}
  }

  async #dispatch(event: BusEvent | Gap): Promise<void> {
    if (event.kind === 'gap') {
      for (const c of this.clients) if (c.subs.size > 0) this.#resyncs.owe(c, event.reason);
      return;
    }
    if (event.kind === 'sessionEnded') return;
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
        const verdict = this.#judge(client, sub, judge);
        const message = verdict instanceof Promise ? await verdict : verdict;
        if (message) this.#deliver(client, message);
      }
    }
  }

  #visible(
    sub: Subscription,
    record: Rec | null,
    ctx: RuleContext,
    load: RowLoader,
  ): boolean | Promise<boolean> {
    if (!record || !matchFilters(sub.filters, record)) return false;
    const rule = accessRule(this.core.app, sub.entity, roleOf(ctx.caller), 'read');
    const now = ruleNow(rule, sub.entity, record, ctx);
    return now === NEEDS_ROWS ? evalRule(rule, sub.entity, record, ctx, load) : now;
  }

  #judge(
    client: RealtimeClient,
    sub: Subscription,
    judge: Judgement,
  ): string | null | Promise<string | null> {
    const e = judge.event;
    const ctx: RuleContext = { app: this.core.app, caller: client.caller, now: judge.now };
    const before = this.#visible(sub, e.before as Rec | null, ctx, judge.loadBefore);
    const after = this.#visible(sub, e.after as Rec | null, ctx, judge.load);
    if (before instanceof Promise || after instanceof Promise)
      return Promise.all([before, after]).then(([b, a]) => this.#shown(sub, judge, ctx, b, a));
    return this.#shown(sub, judge, ctx, before, after);
  }

  /**
   * The fields the subscriber reads on the record before and after the write, as a get would
   * answer them: evaluated per subscriber only when their role's read grants differ in fields.
   */
  #shown(
    sub: Subscription,
    judge: Judgement,
    ctx: RuleContext,
    before: boolean,
    after: boolean,
  ): string | null | Promise<string | null> {
    const e = judge.event;
    if (!after || !e.after) return this.#message(sub, judge, before, after, undefined, undefined);
    const plan = readPlan(this.core.app, e.entity, roleOf(ctx.caller));
    if (!plan.grants) return this.#message(sub, judge, before, after, plan.common, plan.common);
    const now = fieldsOfRecord(plan, e.entity, e.after as Rec, ctx, judge.load);
    const then =
      before && e.before ? fieldsOfRecord(plan, e.entity, e.before as Rec, ctx, judge.loadBefore) : now;
    if (now instanceof Promise || then instanceof Promise)
      return Promise.all([then, now]).then(([b, a]) => this.#message(sub, judge, before, after, b, a));
    return this.#message(sub, judge, before, after, then, now);
  }

  /** The event as this subscriber hears it, serialized; the record's JSON made once per field set. */
  #message(
    sub: Subscription,
    judge: Judgement,
    before: boolean,
    after: boolean,
    shownBefore: FieldSet,
    shownAfter: FieldSet,
  ): string | null {
    const { event: e, records } = judge;
    const head = `{"type":"event","sub":${JSON.stringify(sub.id)},"entity":${JSON.stringify(e.entity)},"id":${JSON.stringify(e.id)}`;
    if (after && e.after) {
      // Held before and after: told only if the write changed a field they may read.
      if (before && this.#hidden(judge, shownBefore, shownAfter)) return null;
      const event = !before ? 'created' : e.op === 'transition' ? 'transitioned' : 'updated';
      let record = records.get(shownAfter);
      if (record === undefined) {
        record = JSON.stringify(readableCopy(e.after as Rec, shownAfter));
        records.set(shownAfter, record);
      }
      const name = e.name ? `,"name":${JSON.stringify(e.name)}` : '';
      return `${head},"event":"${event}","record":${record}${name}}`;
    }
    if (before) return `${head},"event":"${e.op === 'delete' ? 'deleted' : 'removed'}"}`;
    return null;
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

  /**
   * Whether the event's write changed only fields hidden from a reader who saw `before` of
   * the record and now sees `after` (see hidden-change.ts). A write that changed which fields
   * they see is told: their copy must lose or gain them, as a get would answer now.
   */
  #hidden(judge: Judgement, before: FieldSet, after: FieldSet): boolean {
    if (!sameFields(before, after)) return false;
    let hidden = judge.hidden.get(after);
    if (hidden === undefined) {
      const e = judge.event;
      hidden = false;
      if (after && e.before && e.after && (e.op === 'update' || e.op === 'transition')) {
        judge.changed ??= Object.keys(diff(e.before as Rec, e.after as Rec));
        hidden = isHiddenChange(judge.changed, after);
      }
      judge.hidden.set(after, hidden);
    }
    return hidden;
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
