/**
 * Who a session token or API key belongs to, remembered for a few seconds: every request asks, and the
 * answer rarely changes. Whatever could change it travels on the change bus — a sign-out,
 * any change to the account (a new role, a disabled or deleted user) — and drops the entry
 * before the write is answered. The short lifetime bounds what a change made outside the
 * server (a CLI on the same SQLite file) can miss.
 *
 * Only where one process owns the database and its bus is in-process: across PostgreSQL
 * processes the bus arrives a moment after the commit, and a session ended on one process
 * must be refused by every other at once, so there each request reads the session row.
 * The database decides, not the bus alone: a core built on a shared database with an
 * in-process bus must not remember sessions either. API keys are remembered alike, under
 * the same rules: a revoked key's `sessionEnded` (its hash) drops it.
 */
import type { App } from '@ninefold/spec';
import type { Database, Executor } from '../../db/database';
import type { ChangeBus } from '../changes/change-bus';
import type { Caller } from '../rules/rule-context';
import { KeyUse } from './key-use';
import { sessionDigest, sessionRow } from './sessions';

interface Entry {
  readonly digest: string;
  readonly caller: Caller;
  readonly expiresAt: number;
  readonly freshUntil: number;
}

const FRESH_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * @example
 * const sessions = new SessionCache(db, bus, () => new Date(), app);
 * const caller = await sessions.caller(token); // null when signed out or expired
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Counts invalidations: a read that overlapped one may have seen the old row. */
  #generation = 0;

  readonly #enabled: boolean;
  #listening = false;
  readonly #keyUse: KeyUse;

  /** `app` says what a key's role and an unverified address make of a caller (sessions.ts). */
  constructor(
    private readonly db: Executor & Pick<Database, 'sharedUrl'>,
    private readonly bus: ChangeBus,
    private readonly now: () => Date,
    private readonly app: App,
    log: (message: string, err: unknown) => void = (message, err) => console.error(message, err),
  ) {
    this.#enabled = bus.immediate && db.sharedUrl === undefined;
    this.#keyUse = new KeyUse(db, log);
  }

  /**
   * Hears of ended sessions and changed users from the first lookup on, not from creation:
   * a core that only writes (a seed's, one per moment) must leave no listener on the bus,
   * where each would run on every later change for the life of the server.
   */
  #listen(): void {
    if (this.#listening || !this.#enabled) return;
    this.#listening = true;
    this.bus.listen((e) => {
      if (e.kind === 'sessionEnded') this.#forget((entry) => entry.digest === e.session);
      else if (e.kind === 'change' && e.entity === 'users' && e.op !== 'create')
        this.#forget((entry) => entry.caller.id === e.id);
      else return;
      this.#generation++;
    });
  }

  /**
   * The caller of a live session of an enabled user, or null; at once when remembered, else
   * a promise of the database's answer.
   */
  caller(token: string): Caller | null | Promise<Caller | null> {
    if (token.length < 20 || token.length > 100) return null;
    this.#listen();
    const at = this.now().getTime();
    // Keyed by the token itself: a hit costs no hashing.
    const hit = this.#entries.get(token);
    if (hit && at < hit.freshUntil && at < hit.expiresAt) return this.#used(hit.caller, at);
    this.#entries.delete(token);
    return this.#read(token, at);
  }

  async #read(token: string, at: number): Promise<Caller | null> {
    const digest = sessionDigest(token);
    const generation = this.#generation;
    const row = await sessionRow(this.db, this.app, token);
    if (!row || row.expiresAt <= at) return null;
    this.#used(row.caller, at);
    if (!this.#enabled || generation !== this.#generation) return row.caller;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, {
      digest,
      caller: row.caller,
      expiresAt: row.expiresAt,
      freshUntil: at + FRESH_MS,
    });
    return row.caller;
  }

  /** Notes a key's use (at most once a minute a key, never awaited). */
  #used(caller: Caller, at: number): Caller {
    if (caller.apiKey !== undefined) this.#keyUse.touch(caller.apiKey, at);
    return caller;
  }

  #forget(matches: (entry: Entry) => boolean): void {
    for (const [token, entry] of this.#entries) if (matches(entry)) this.#entries.delete(token);
  }
}
