/**
 * One operation's view of the data: who is asking, the executor (the database or the open
 * transaction), and the rule helpers that decide what the caller may see and do.
 */
import type { App, EntityNode, EntityOperation, RuleNode } from '@ninefold/spec';
import { sql } from 'kysely';
import { type Executor, reusableQuery } from '../../db/database';
import { AppError } from '../app-error';
import type { BusEvent, ChangeEvent } from '../changes/change-event';
import { accessRule } from '../rules/access-rule';
import { evalRule, NEEDS_ROWS, ruleNow } from '../rules/evaluate-rule';
import { aggregateLoader } from '../rules/load-aggregate';
import { EVERY_FIELD, type FieldSet, fieldsHeld, type ReadPlan, readPlan } from '../rules/record-fields';
import { type Caller, type RuleContext, roleOf } from '../rules/rule-context';
import { decodeInPlace, type Rec, recordColumns } from './row-codec';

const NO_EXTRA: Partial<RuleContext> = Object.freeze({});

/**
 * The fields of `entity` a role may read on every record alike (all when `undefined`),
 * whichever of its read grants admitted the record — the fields its lists may filter and
 * sort on. A record may show more: `RecordScope.fieldsOn` says which (record-fields.ts).
 * @example readableFieldsOf(app, 'users', 'agent') // Set { 'name', 'email', 'role', 'team', … }
 */
export function readableFieldsOf(app: App, entity: string, role: string): FieldSet {
  return readPlan(app, entity, role).common;
}

/** Whether a rule holds for the record a `decided` computation is about. */
export type Holds = (rule: RuleNode) => boolean;

export class RecordScope {
  /** Rows loaded in this scope: a promise while loading, the row once read synchronously. */
  readonly #rows = new Map<string, Rec | null | Promise<Rec | null>>();
  readonly rules: RuleContext;

  constructor(
    readonly app: App,
    readonly exec: Executor,
    readonly caller: Caller | null,
    readonly now: Date,
    /** Acting as the system: access rules are not applied (seeding, elevated handlers). */
    readonly system = false,
    /** Changes made in this scope's transaction, announced once it commits. */
    readonly events: BusEvent[] = [],
  ) {
    this.rules = {
      app,
      caller,
      now,
      aggregates: aggregateLoader(exec, (entity, id) => this.load(entity, id)),
    };
  }

  get role(): string {
    return roleOf(this.caller);
  }

  /**
   * Another caller (null: the system) on the same executor, clock and staged events.
   * @example const asAuthor = scope.as(null, true);
   */
  as(caller: Caller | null, system = this.system): RecordScope {
    return new RecordScope(this.app, this.exec, caller, this.now, system, this.events);
  }

  /** The same caller and clock on another executor (a transaction). */
  on(exec: Executor, system = this.system): RecordScope {
    return new RecordScope(this.app, exec, this.caller, this.now, system, this.events);
  }

  entity(name: string): EntityNode {
    const e = Object.hasOwn(this.app.entities, name) ? this.app.entities[name] : undefined;
    if (!e) throw new AppError('NOT_FOUND');
    return e;
  }

  /** Loads a raw row (no access check); inside a write, `lock` takes its row lock where rows lock. */
  async load(entity: string, id: string, lock = false): Promise<Rec | null> {
    const key = `${entity}:${id}`;
    if (lock) this.#rows.delete(key);
    const known = this.#rows.get(key);
    if (known !== undefined) return known;
    const row = this.#fetch(entity, id, lock);
    this.#rows.set(key, row);
    return row;
  }

  async #fetch(entity: string, id: string, lock: boolean): Promise<Rec | null> {
    return this.#decode(entity, await this.exec.all<Rec>(this.#rowQuery(entity, id, lock)));
  }

  #rowQuery(entity: string, id: string, lock: boolean) {
    const { qb, dialect } = this.exec;
    return reusableQuery(qb, lock ? `row-lock:${entity}` : `row:${entity}`, [id], () => {
      const columns = sql.join(recordColumns(this.entity(entity)).map((c) => sql.ref(c)));
      const forUpdate = lock ? dialect.forUpdate : sql``;
      return sql`select ${columns} from ${sql.table(entity)} where id = ${id}${forUpdate}`.compile(qb);
    });
  }

  #decode(entity: string, rows: Rec[]): Rec | null {
    return rows[0] ? decodeInPlace(this.entity(entity), rows[0], this.exec.dialect) : null;
  }

  /** Records a committed-to-be change for realtime. */
  changed(event: Omit<ChangeEvent, 'kind' | 'at'>): void {
    const c = this.caller;
    const actor = c ? { id: c.id, role: c.role, email: c.email } : null;
    const bySystem = this.system && !c;
    this.events.push({ kind: 'change', at: this.now.toISOString(), actor, bySystem, ...event });
  }

  /** Forgets cached rows after a write, so later rules see the new values. */
  forget(entity: string, id: string): void {
    this.#rows.delete(`${entity}:${id}`);
  }

  /** Whether the caller may perform `op` on a loaded record. */
  async may(
    op: EntityOperation,
    entity: string,
    record: Rec | null,
    extra: Partial<RuleContext> = NO_EXTRA,
  ): Promise<boolean> {
    if (this.system) return true;
    const rule = accessRule(this.app, entity, this.role, op);
    return evalRule(rule, entity, record, this.#context(extra), this.#loader());
  }

  /** How the caller's read grants project records of `entity` (every field for the system). */
  readPlan(entity: string): ReadPlan {
    return this.system ? EVERY_FIELD : readPlan(this.app, entity, this.role);
  }

  /**
   * The fields of `entity` the caller may read on every record alike (all when `undefined`):
   * what lists filter and sort on. One record may show more (`fieldsOn`).
   */
  readableFields(entity: string): FieldSet {
    return this.readPlan(entity).common;
  }

  /**
   * The fields the caller may read on this record: those of the read grants that hold for
   * it. At once unless the role's grants differ in fields and one needs a related record.
   * @example const fields = await scope.fieldsOn('users', row);
   */
  fieldsOn(entity: string, record: Rec): FieldSet | Promise<FieldSet> {
    const plan = this.readPlan(entity);
    if (!plan.grants) return plan.common;
    return this.decided(entity, record, (holds) => fieldsHeld(plan, (g) => holds(g.where)));
  }

  /**
   * Evaluates any rule over a record of `entity` in this scope. A rule judged with `changed`
   * is judged for that write of `record` (a validation rule): unless `extra.write` says
   * otherwise, its aggregates count the record as written (rule-context.ts `PendingWrite`).
   */
  holds(
    rule: Parameters<typeof evalRule>[0],
    entity: string,
    record: Rec | null,
    extra: Partial<RuleContext> = NO_EXTRA,
  ): Promise<boolean> {
    const ctx = this.#context(extra);
    const judged =
      extra.changed && !extra.write && typeof record?.id === 'string'
        ? { ...ctx, write: { entity, id: record.id, record } }
        : ctx;
    return evalRule(rule, entity, record, judged, this.#loader());
  }

  /**
   * Runs `compute`, a synchronous computation over the rules that hold for one record. Rules
   * that need no related record are decided at once; when one does, its rows are loaded
   * and `compute` runs again with the answers — so the logic is written once, and the
   * common case (plain comparisons) costs no promise at all.
   * @example const canDelete = scope.decided('tickets', t, (holds) => holds(deleteRule));
   */
  decided<T>(entity: string, record: Rec, compute: (holds: Holds) => T): T | Promise<T> {
    // Both made only when a rule needs rows: most computations never do.
    let known: Map<RuleNode, boolean> | undefined;
    let pending: Map<RuleNode, Promise<boolean>> | undefined;
    const holds: Holds = (rule) => {
      const answer = known?.get(rule) ?? ruleNow(rule, entity, record, this.rules);
      if (answer !== NEEDS_ROWS) return answer;
      pending ??= new Map();
      if (!pending.has(rule)) pending.set(rule, this.holds(rule, entity, record));
      return false;
    };
    const first = compute(holds);
    if (pending === undefined) return first;
    const waiting = pending;
    const answers = new Map<RuleNode, boolean>();
    known = answers;
    return (async () => {
      for (;;) {
        for (const [rule, answer] of waiting) answers.set(rule, await answer);
        waiting.clear();
        const value = compute(holds);
        if (waiting.size === 0) return value;
      }
    })();
  }

  // Made on first use: most scopes (a get by id) never load a related row.
  #load?: (entity: string, id: string) => Promise<Rec | null>;
  #loader() {
    this.#load ??= (entity, id) => this.load(entity, id);
    return this.#load;
  }

  #context(extra: Partial<RuleContext>): RuleContext {
    return extra === NO_EXTRA ? this.rules : { ...this.rules, ...extra };
  }

  /** Loads a record the caller may read, or answers NOT_FOUND (also when it exists but is hidden). */
  async readable(entity: string, id: string, lock = false): Promise<Rec> {
    const row = await this.load(entity, id, lock);
    if (!row || !(await this.may('read', entity, row))) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * `readable`, answered at once where it can be — a synchronous driver (SQLite) and a read
   * rule that needs no related record — so a get by id costs no promise; else as `readable`.
   */
  readableNow(entity: string, id: string): Rec | Promise<Rec> {
    const key = `${entity}:${id}`;
    const { allNow } = this.exec;
    if (!allNow || this.#rows.has(key)) return this.readable(entity, id);
    const row = this.#decode(entity, allNow<Rec>(this.#rowQuery(entity, id, false)));
    this.#rows.set(key, row);
    if (!row) throw new AppError('NOT_FOUND');
    if (this.system) return row;
    const now = ruleNow(accessRule(this.app, entity, this.role, 'read'), entity, row, this.rules);
    if (now === true) return row;
    if (now === false) throw new AppError('NOT_FOUND');
    return this.may('read', entity, row).then((ok) => {
      if (!ok) throw new AppError('NOT_FOUND');
      return row;
    });
  }
}
