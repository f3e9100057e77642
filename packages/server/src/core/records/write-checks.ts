/**
 * The checks every write shares, after its fields validate: references point at records
 * the caller may read (and satisfy their rule), the entity's validation rules hold, quotas
 * have room, and server-set values (defaults, computed fields) are filled in.
 */
import type { EntityNode, Fields, RuleNode, ValidationNode, ValidationOp } from '@ninefold/spec';
import { isExpr, quotaKey } from '@ninefold/spec';
import { sql } from 'kysely';
import { AppError, type FieldIssue, validationFailed } from '../app-error';
import type { ParentRow } from '../rules/aggregate-parents';
import { ruleToSql } from '../rules/compile-rule';
import { evalExpr } from '../rules/evaluate-expr';
import type { RecordScope } from './record-scope';
import type { Rec } from './row-codec';

/** Fails with VALIDATION_FAILED when there are issues. */
export function throwIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw validationFailed(issues);
}

/**
 * The rows the references in `values` point at: what `checkReferences` locks, to be taken in
 * the write's one lock order first (guard-locks.ts `lockGuardParents`).
 * @example referencedRows(node.fields, { claim: claimId, amount: 5 }) // [{ entity: 'claims', id: claimId }]
 */
export function referencedRows(fields: Fields, values: Rec): ParentRow[] {
  const out: ParentRow[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fields[name];
    if (field?.type === 'ref' && typeof value === 'string') out.push({ entity: field.entity, id: value });
  }
  return out;
}

/**
 * Every non-null reference in `values` must name a record the caller may read; a reference
 * with a `where` rule must satisfy it, or fail with the field's own error code.
 */
export async function checkReferences(
  scope: RecordScope,
  fields: Fields,
  values: Rec,
  /** False where the write locked them already, in its one lock order (`referencedRows`). */
  lock = true,
): Promise<void> {
  const issues: FieldIssue[] = [];
  let custom: AppError | undefined;
  for (const [name, value] of Object.entries(values)) {
    const field = fields[name];
    if (field?.type !== 'ref' || typeof value !== 'string') continue;
    const target = field.entity;
    // Locked (FOR UPDATE on PostgreSQL) to commit, so it cannot be deleted under this write.
    const row = await scope.load(target, value, lock);
    // A record the caller may not read is reported as missing: its existence is not theirs to learn.
    if (!row || !(await scope.may('read', target, row))) {
      issues.push({ path: name, code: 'reference', message: `${field.label ?? name} does not exist.` });
      continue;
    }
    if (field.where && !(await scope.holds(field.where, target, row))) {
      if (field.error && field.error !== 'VALIDATION_FAILED')
        custom ??= new AppError(field.error, {}, [{ path: name, code: 'reference', message: '' }]);
      else
        issues.push({
          path: name,
          code: 'reference',
          message: `${field.label ?? name} is not allowed here.`,
        });
    }
  }
  throwIssues(issues);
  if (custom) throw custom;
}

function paramsOf(scope: RecordScope, v: ValidationNode | { params: ValidationNode['params'] }, record: Rec) {
  return Object.fromEntries(
    Object.entries(v.params).map(([k, e]) => [k, evalExpr(e, record, scope.rules) as string | number]),
  );
}

/**
 * The rules of the entity's validations that judge `op`, `when` and `check` both: what a write
 * locks the aggregates' parents for before judging them (guard-locks.ts).
 * @example validationRules(app.entities.claimItems!, 'delete') // [check of each delete rule]
 */
export function validationRules(node: EntityNode, op: ValidationOp): RuleNode[] {
  return node.validate
    .filter((v) => v.on.includes(op))
    .flatMap((v) => (v.when ? [v.when, v.check] : [v.check]));
}

/**
 * The entity's own validation rules for this write; the first failing custom code wins.
 * `record` is the record as written — for a delete, the record about to go — and aggregates
 * count the children as if the write were applied.
 * @example await checkValidationRules(scope, 'claimItems', 'delete', item, new Set())
 */
export async function checkValidationRules(
  scope: RecordScope,
  entity: string,
  op: ValidationOp,
  record: Rec,
  changed: ReadonlySet<string>,
): Promise<void> {
  const issues: FieldIssue[] = [];
  const write = { entity, id: String(record.id), record: op === 'delete' ? null : record };
  const extra = { changed, write };
  for (const v of scope.entity(entity).validate) {
    if (!v.on.includes(op)) continue;
    if (v.when && !(await scope.holds(v.when, entity, record, extra))) continue;
    if (await scope.holds(v.check, entity, record, extra)) continue;
    if (v.error !== 'VALIDATION_FAILED') throw new AppError(v.error, paramsOf(scope, v, record));
    issues.push({ path: v.field ?? '', code: 'rule', message: `${v.name} does not hold.` });
  }
  throwIssues(issues);
}

/** Literal defaults come from the validator; expression defaults (`now()`, `caller()`) from here. */
export function applyDefaults(scope: RecordScope, entity: string, record: Rec): void {
  for (const [name, field] of Object.entries(scope.entity(entity).fields)) {
    if (record[name] === undefined && isExpr(field.default))
      record[name] = evalExpr(field.default, record, scope.rules);
    if (record[name] === undefined)
      record[name] =
        field.default !== undefined && !isExpr(field.default)
          ? field.default
          : field.type === 'files'
            ? []
            : null;
  }
}

/** Recomputes every computed field from the record's current values. */
export function applyComputed(scope: RecordScope, entity: string, record: Rec): void {
  for (const [name, field] of Object.entries(scope.entity(entity).fields)) {
    if (field.computed) record[name] = evalExpr(field.computed, record, scope.rules);
  }
}

/** The quotas on `entity` that count the caller's writes. */
function quotasOn(scope: RecordScope, entity: string) {
  return Object.entries(scope.app.limits.quotas).filter(
    ([, q]) => q.entity === entity && (!q.roles || q.roles.includes(scope.role)),
  );
}

/**
 * The rows `checkQuotas` may lock for this write (the records its quotas count under), to be
 * taken in the write's one lock order first (guard-locks.ts `lockGuardParents`).
 * @example quotaRows(scope, 'loans', loan) // [{ entity: 'books', id: loan.book }, { entity: 'users', … }]
 */
export function quotaRows(scope: RecordScope, entity: string, record: Rec, before?: Rec): ParentRow[] {
  const out: ParentRow[] = [];
  for (const [, q] of quotasOn(scope, entity)) {
    const key = quotaKey(q);
    const value = record[key];
    const field = scope.entity(entity).fields[key];
    if (field?.type !== 'ref' || typeof value !== 'string') continue;
    // Unmoved and counted by no condition: `checkQuotas` skips it without a lock.
    if (before && before[key] === value && !q.where) continue;
    out.push({ entity: field.entity, id: value });
  }
  return out;
}

/**
 * Quotas on `entity` for the caller's role, each counted per the record its key field points
 * at (the owner, or any `per` reference): counting and writing happen in one transaction, and
 * that record's row is locked first (where rows lock), so concurrent writes never pass the
 * quota. `before` is the record before an update or a transition: one already counted under
 * the same key does not count twice.
 * @example await checkQuotas(scope, 'loans', loan) // BOOK_OUT when the book already has 3 out
 */
export async function checkQuotas(
  scope: RecordScope,
  entity: string,
  record: Rec,
  before?: Rec,
): Promise<void> {
  for (const [name, q] of quotasOn(scope, entity)) {
    const key = quotaKey(q);
    const value = record[key];
    if (typeof value !== 'string') continue;
    const counts = (r: Rec) => (q.where ? scope.holds(q.where, entity, r) : Promise.resolve(true));
    if (!(await counts(record))) continue;
    if (before && before[key] === value && (await counts(before))) continue;
    const keyField = scope.entity(entity).fields[key];
    if (keyField?.type === 'ref') await scope.exec.dialect.lockRow(scope.exec, keyField.entity, value);
    const where = q.where ? ruleToSql(q.where, entity, 't', scope.rules) : sql`1 = 1`;
    const rows = await scope.exec.all<{ n: number }>(
      sql`select count(*) as n from ${sql.table(entity)} as t where ${sql.ref(`t.${key}`)} = ${value} and ${where}`.compile(
        scope.exec.qb,
      ),
    );
    const max = typeof q.max === 'number' ? q.max : Number(evalExpr(q.max, null, scope.rules));
    if (Number(rows[0]?.n ?? 0) >= max) throw new AppError(q.error ?? 'LIMIT_EXCEEDED', { max, limit: name });
  }
}
