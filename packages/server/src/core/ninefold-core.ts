/**
 * The core as one object: every operation of the REST contract, as a caller, in its own
 * transaction where it writes. No HTTP here, and no SQL text outside db/ and the compilers.
 */
import type { App } from '@ninefold/spec';
import type { Database } from '../db/database';
import { runAction } from './actions/run-action';
import { answer } from './records/answer';
import { countRecords, listRecords, readListQuery } from './records/list-records';
import { RecordScope } from './records/record-scope';
import type { Rec } from './records/row-codec';
import { runTransition } from './records/run-transition';
import { createRecord, deleteRecord, updateRecord } from './records/write-records';
import type { Caller } from './rules/rule-context';

export interface CoreOptions {
  /** The clock; tests move it to exercise time windows. */
  readonly now?: () => Date;
}

/**
 * @example
 * const core = createCore(app, db);
 * const page = await core.list(caller, 'tickets', { status: 'open' });
 */
export function createCore(app: App, db: Database, options: CoreOptions = {}) {
  const clock = options.now ?? (() => new Date());
  const scope = (caller: Caller | null, system = false) => new RecordScope(app, db, caller, clock(), system);
  const write = <T>(caller: Caller | null, fn: (s: RecordScope) => Promise<T>, system = false) => {
    const s = scope(caller, system);
    return db.transaction((tx) => fn(s.on(tx)));
  };
  return {
    app,
    db,
    now: clock,
    scope,
    list: (caller: Caller | null, entity: string, query: Readonly<Record<string, unknown>>) => {
      const s = scope(caller);
      return listRecords(s, entity, readListQuery(s, entity, query));
    },
    count: (caller: Caller | null, entity: string, query: Readonly<Record<string, unknown>>) => {
      const s = scope(caller);
      return countRecords(s, entity, readListQuery(s, entity, query).filters);
    },
    get: async (caller: Caller | null, entity: string, id: string): Promise<Rec> => {
      const s = scope(caller);
      s.entity(entity);
      return answer(s, entity, await s.readable(entity, id));
    },
    create: (caller: Caller | null, entity: string, data: unknown, system = false) =>
      write(caller, (s) => createRecord(s, entity, data), system),
    update: (caller: Caller | null, entity: string, id: string, patch: unknown, ifMatch?: number) =>
      write(caller, (s) => updateRecord(s, entity, id, patch, ifMatch)),
    remove: (caller: Caller | null, entity: string, id: string, ifMatch?: number) =>
      write(caller, (s) => deleteRecord(s, entity, id, ifMatch)),
    transition: (
      caller: Caller | null,
      entity: string,
      id: string,
      name: string,
      input: unknown,
      ifMatch?: number,
    ) => write(caller, (s) => runTransition(s, entity, id, name, input, ifMatch)),
    action: (caller: Caller | null, name: string, input: unknown) =>
      runAction(db, scope(caller), name, input),
  };
}

export type Core = ReturnType<typeof createCore>;
