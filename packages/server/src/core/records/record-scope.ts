/**
 * One operation's view of the data: who is asking, the executor (the database or the open
 * transaction), and the rule helpers that decide what the caller may see and do.
 */
import type { App, EntityNode, EntityOperation } from '@ninefold/spec';
import { sql } from 'kysely';
import { type Executor, reusableQuery } from '../../db/database';
import { AppError } from '../app-error';
import type { BusEvent, ChangeEvent } from '../changes/change-event';
import { accessRule, grantFields, grantsFor } from '../rules/access-rule';
import { evalRule } from '../rules/evaluate-rule';
import { type Caller, type RuleContext, roleOf } from '../rules/rule-context';
import { decodeRow, type Rec } from './row-codec';

export class RecordScope {
  readonly #rows = new Map<string, Promise<Rec | null>>();
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
    this.rules = { app, caller, now };
  }

  get role(): string {
    return roleOf(this.caller);
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

  /** Loads a raw row (no access check); inside a PostgreSQL write, `lock` takes its row lock. */
  async load(entity: string, id: string, lock = false): Promise<Rec | null> {
    const key = `${entity}:${id}`;
    if (lock) this.#rows.delete(key);
    let row = this.#rows.get(key);
    if (!row) {
      row = this.#fetch(entity, id, lock);
      this.#rows.set(key, row);
    }
    return row;
  }

  async #fetch(entity: string, id: string, lock: boolean): Promise<Rec | null> {
    const node = this.entity(entity);
    const forUpdate = lock && this.exec.dialect === 'postgres' ? sql` for update` : sql``;
    const { qb } = this.exec;
    const rows = await this.exec.all<Rec>(
      reusableQuery(
        qb,
        `row:${entity}:${lock}`,
        () => sql`select * from ${sql.table(entity)} where id = ${id}${forUpdate}`.compile(qb),
        [id],
      ),
    );
    return rows[0] ? decodeRow(node, rows[0], this.exec.dialect) : null;
  }

  /** Records a committed-to-be change for realtime. */
  changed(event: Omit<ChangeEvent, 'kind' | 'at'>): void {
    this.events.push({ kind: 'change', at: this.now.toISOString(), ...event });
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
    extra: Partial<RuleContext> = {},
  ): Promise<boolean> {
    if (this.system) return true;
    const rule = accessRule(this.app, entity, this.role, op);
    return evalRule(rule, entity, record, { ...this.rules, ...extra }, (e, id) => this.load(e, id));
  }

  /** The fields of `entity` the caller may read (all when the grants name none). */
  readableFields(entity: string): Set<string> | undefined {
    if (this.system) return undefined;
    return grantFields(grantsFor(this.app, entity, this.role, 'read'));
  }

  /** Evaluates any rule over a record of `entity` in this scope. */
  holds(
    rule: Parameters<typeof evalRule>[0],
    entity: string,
    record: Rec | null,
    extra: Partial<RuleContext> = {},
  ): Promise<boolean> {
    return evalRule(rule, entity, record, { ...this.rules, ...extra }, (e, id) => this.load(e, id));
  }

  /** Loads a record the caller may read, or answers NOT_FOUND (also when it exists but is hidden). */
  async readable(entity: string, id: string, lock = false): Promise<Rec> {
    const row = await this.load(entity, id, lock);
    if (!row || !(await this.may('read', entity, row))) throw new AppError('NOT_FOUND');
    return row;
  }
}
