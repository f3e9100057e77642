/**
 * The core as one object: every operation of the REST contract, as a caller, in its own
 * transaction where it writes. No HTTP here, and no SQL text outside db/ and the compilers.
 */
import type { App } from '@ninefold/spec';
import type { Database } from '../db/database';
import type { FileStore } from '../files/file-store';
import { accountFlows } from './accounts/account-flows';
import { checkSignUp, completeSignUp } from './accounts/accounts';
import { queueVerification, verifiesEmail } from './accounts/email-verification';
import { SessionCache } from './accounts/session-cache';
import { sessionDigest } from './accounts/sessions';
import { runAction } from './actions/run-action';
import { AppError } from './app-error';
import { type AutomationSetup, automate } from './automation/automate';
import { type ChangeBus, quietBusFor } from './changes/change-bus';
import type { BusEvent } from './changes/change-event';
import { fileCore } from './files/file-core';
import { fileLinks } from './files/file-links';
import { hasFileFields } from './files/file-removal';
import { noFileStore } from './files/no-file-store';
import { answer } from './records/answer';
import { countRecords, listRecords, readListQuery } from './records/list-records';
import { RecordScope } from './records/record-scope';
import type { Rec } from './records/row-codec';
import { runTransition } from './records/run-transition';
import { createRecord, deleteRecord, updateRecord } from './records/write-records';
import type { Caller } from './rules/rule-context';

/** How many times a write the database aborted to break a deadlock is run, in all. */
const WRITE_ATTEMPTS = 5;

export interface CoreOptions {
  /** The clock; tests move it to exercise time windows. */
  readonly now?: () => Date;
  /**
   * Where committed changes go. By default this process's own listeners, and on a database
   * several processes share, the outbox too (so their subscribers hear of them).
   */
  readonly bus?: ChangeBus;
  /** The webhooks' targets (`WEBHOOK_<NAME>_URL`…): without one a webhook is off. */
  readonly webhooks?: AutomationSetup['webhooks'];
  /**
   * Whether this core's writes may tell people by email (default true): a seed's are history,
   * told in the app only.
   */
  readonly email?: boolean;
  /**
   * Where uploaded files live (default: nowhere — an upload fails), and optionally the key
   * download links are signed with (default: the database's own, `nf_keys`).
   */
  readonly files?: FileStore | { readonly store: FileStore; readonly urlKey?: Buffer };
}

/**
 * @example
 * const core = createCore(app, db);
 * const page = await core.list(caller, 'tickets', { status: 'open' });
 */
export function createCore(app: App, db: Database, options: CoreOptions = {}) {
  const clock = options.now ?? (() => new Date());
  const scope = (caller: Caller | null, system = false) => new RecordScope(app, db, caller, clock(), system);
  const bus = options.bus ?? quietBusFor(db);
  const automation: AutomationSetup = { webhooks: options.webhooks ?? {}, email: options.email ?? true };
  const sessions = new SessionCache(db, bus, clock, app);
  const filing = options.files && 'put' in options.files ? { store: options.files } : options.files;
  const links = fileLinks(app, db, filing?.urlKey);
  const files = hasFileFields(app);
  // Events are staged inside the transaction and announced only once it has committed.
  const write = async <T>(caller: Caller | null, fn: (s: RecordScope) => Promise<T>, system = false) => {
    // An account that must confirm its address first writes nothing (the account flows, run
    // as the system on its behalf, stay open to it).
    if (caller?.unverified && !system) throw new AppError('EMAIL_NOT_VERIFIED');
    // Answers inside the transaction sign their files' urls at once: the key is read before it.
    if (files && !links.key) await links.ready();
    // Row locks are taken in one order, but some orders are inherent (a delete locks a parent,
    // then its children; a child's update locks itself, then its parent): when PostgreSQL aborts
    // one side of such a deadlock nothing of it was written, so it runs again, afresh.
    for (let attempt = 1; ; attempt++) {
      const s = scope(caller, system);
      try {
        const result = await db.transaction(async (tx) => {
          const inTx = s.on(tx);
          const value = await fn(inTx);
          await automate(inTx, automation);
          await bus.stage(tx, inTx.events);
          return value;
        });
        bus.committed(s.events);
        return result;
      } catch (e) {
        if (attempt < WRITE_ATTEMPTS && db.dialect.retryable(e)) continue;
        throw e;
      }
    }
  };
  return {
    app,
    db,
    now: clock,
    scope,
    /**
     * Runs `fn` as one write: in a transaction, automation heard, events announced after the
     * commit, run again when the database broke a deadlock.
     * @example await core.write(null, (s) => runTransition(s, 'tickets', id, 'close', {}), true);
     */
    write,
    /** The caller of a session token, or null (signed out, expired, disabled). */
    caller: (token: string) => sessions.caller(token),
    list: (caller: Caller | null, entity: string, query: Readonly<Record<string, unknown>>) => {
      const s = scope(caller);
      return listRecords(s, entity, readListQuery(s, entity, query));
    },
    count: (caller: Caller | null, entity: string, query: Readonly<Record<string, unknown>>) => {
      const s = scope(caller);
      return countRecords(s, entity, readListQuery(s, entity, query).filters);
    },
    /** A record and its `$can`: at once on SQLite when no rule needs a related record. */
    get: (caller: Caller | null, entity: string, id: string): Rec | Promise<Rec> => {
      const s = scope(caller);
      s.entity(entity);
      const row = s.readableNow(entity, id);
      // The row was read for this answer alone, so `$can` may go onto it uncopied.
      return row instanceof Promise
        ? row.then((r) => answer(s, entity, r, true))
        : answer(s, entity, row, true);
    },
    create: (caller: Caller | null, entity: string, data: unknown, system = false) =>
      write(caller, (s) => createRecord(s, entity, data), system),
    update: (caller: Caller | null, entity: string, id: string, patch: unknown, ifMatch?: number) =>
      write(caller, (s) => updateRecord(s, entity, id, patch, ifMatch)),
    remove: (caller: Caller | null, entity: string, id: string, ifMatch?: number, system = false) =>
      write(caller, (s) => deleteRecord(s, entity, id, ifMatch), system),
    transition: (
      caller: Caller | null,
      entity: string,
      id: string,
      name: string,
      input: unknown,
      ifMatch?: number,
    ) => write(caller, (s) => runTransition(s, entity, id, name, input, ifMatch)),
    action: (caller: Caller | null, name: string, input: unknown) =>
      write(caller, (s) => runAction(s, name, input)),
    /** A new account of the app's sign-up role, signed in; announced like any write. */
    signUp: async (body: unknown) => {
      const request = await checkSignUp(app, body);
      return write(
        null,
        async (s) => {
          const signedIn = await completeSignUp(s, request);
          if (verifiesEmail(app, request.role)) await queueVerification(s, signedIn.user);
          return signedIn;
        },
        true,
      );
    },
    /** Ends a session and tells realtime, so its sockets close too. */
    logout: async (token: string) => {
      const session = sessionDigest(token);
      const events: BusEvent[] = [{ kind: 'sessionEnded', session }];
      await db.transaction(async (tx) => {
        await tx.run(tx.qb.deleteFrom('nf_sessions').where('id', '=', session));
        await bus.stage(tx, events);
      });
      bus.committed(events);
    },
    ...accountFlows({ app, db, now: clock, write }),
    /** Uploads, downloads and removals of files, under their records' rules (files/). */
    files: fileCore({
      app,
      db,
      store: filing?.store ?? noFileStore,
      links,
      now: clock,
      scope: (caller) => scope(caller),
      write: (caller, fn) => write(caller, fn),
    }),
    bus,
  };
}

export type Core = ReturnType<typeof createCore>;
