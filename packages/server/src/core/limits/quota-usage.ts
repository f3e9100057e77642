/**
 * How much of each declared quota the caller has used and has left, so a client can say
 * "3 of 5 open tickets" before the server has to refuse a create.
 */
import type { QuotaUsage } from '@ninefold/spec';
import { sql } from 'kysely';
import { storageUsage } from '../files/storage-quotas';
import type { RecordScope } from '../records/record-scope';
import { ruleToSql } from '../rules/compile-rule';
import { evalExpr } from '../rules/evaluate-expr';

export type { QuotaUsage };

/**
 * The owner quotas that apply to the caller's role, with current usage: records counted,
 * then the storage quotas' bytes (`unit: 'bytes'`).
 * @example await quotaUsage(scope) // [{ name: 'openTickets', max: 5, used: 3, remaining: 2, … }]
 */
export async function quotaUsage(scope: RecordScope): Promise<QuotaUsage[]> {
  if (!scope.caller) return [];
  const out: QuotaUsage[] = [];
  for (const [name, q] of Object.entries(scope.app.limits.quotas)) {
    // A quota per referenced record (`per`) is no one caller's: it has no usage to list here.
    if (q.owner === undefined || (q.roles && !q.roles.includes(scope.role))) continue;
    const where = q.where ? ruleToSql(q.where, q.entity, 't', scope.rules) : sql`1 = 1`;
    const rows = await scope.exec.all<{ n: number }>(
      sql`select count(*) as n from ${sql.table(q.entity)} as t where ${sql.ref(`t.${q.owner}`)} = ${scope.caller.id} and ${where}`.compile(
        scope.exec.qb,
      ),
    );
    const max = typeof q.max === 'number' ? q.max : Number(evalExpr(q.max, null, scope.rules));
    const used = Number(rows[0]?.n ?? 0);
    out.push({ name, entity: q.entity, max, used, remaining: Math.max(0, max - used) });
  }
  out.push(...(await storageUsage(scope)));
  return out;
}
