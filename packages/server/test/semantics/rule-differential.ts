/**
 * One round of the rule differential: many rules over one stored row set, each compiled to
 * SQL and selected as a column (`select id, <rule> as r0, … from items`), so the database
 * answers every rule's three-valued truth for every row in one query; the evaluator must
 * answer the same for each, unknown included, and the server's predicate (`evalRule`, which
 * loads related rows as it goes) must admit exactly the rows whose answer is true.
 */
import {
  aggregateValues,
  type ExprOf,
  evaluateRule,
  type RelatedRows,
  type RuleNode,
  ruleToText,
  type Semantics,
  type Truth,
} from '@ninefold/spec';
import { sql } from 'kysely';
import type { Rec } from '../../src/core/records/row-codec';
import { accessRule } from '../../src/core/rules/access-rule';
import { ruleToSql } from '../../src/core/rules/compile-rule';
import { evalRule } from '../../src/core/rules/evaluate-rule';
import { aggregateLoader } from '../../src/core/rules/load-aggregate';
import { type RuleContext, roleOf } from '../../src/core/rules/rule-context';
import type { Ninefold } from '../../src/start-app';
import type { RuleCase } from './rule-arbitrary';
import { semanticsApp } from './semantics-app';
import { NOW, type Stored } from './semantics-rows';

/** A disagreement, told so a person can read the rule and the row. */
export class Mismatch extends Error {}

function contextOf(c: RuleCase): RuleContext {
  return { app: semanticsApp, caller: c.caller, now: NOW, input: c.input };
}

function truthOf(v: unknown): Truth {
  return v === null || v === undefined ? null : v === true || v === 1 || v === '1';
}

function describe(rule: RuleNode, c: RuleCase, row: Rec, sqlSays: Truth, evalSays: unknown): string {
  return [
    `rule: ${ruleToText(rule, { app: semanticsApp, entity: 'items' })}`,
    `node: ${JSON.stringify(rule)}`,
    `caller: ${JSON.stringify(c.caller)} input: ${JSON.stringify(c.input)}`,
    `row: ${JSON.stringify(row)}`,
    `SQL says ${String(sqlSays)}, the evaluator says ${String(evalSays)}`,
  ].join('\n');
}

/**
 * Runs the cases over the stored rows; throws a `Mismatch` at the first disagreement.
 * @example await runRuleCases(nf, stored, cases, SQL_SEMANTICS, true, tally)
 */
export async function runRuleCases(
  nf: Ninefold,
  stored: Stored,
  cases: readonly RuleCase[],
  semantics: Semantics,
  withServer: boolean,
  tally?: Map<string, number>,
): Promise<void> {
  const columns = cases.map(
    (c, i) => sql`${ruleToSql(c.rule, 'items', 't', contextOf(c))} as ${sql.id(`r${i}`)}`,
  );
  const rows = await nf.db.all<Rec>(
    sql`select t.id as id, ${sql.join(columns)} from items as t order by t.id`.compile(nf.db.qb),
  );
  const byId = new Map(stored.items.map((r) => [String(r.id), r]));
  const load = async (entity: string, id: string) =>
    entity === 'parents' ? (stored.parents.get(id) ?? null) : null;
  const aggregates = aggregateLoader(nf.db, load);
  for (const [i, c] of cases.entries()) {
    const ctx = contextOf(c);
    const related: RelatedRows = {
      row: (entity: string, id: string) => (entity === 'parents' ? (stored.parents.get(id) ?? null) : null),
      access: (entity: string, op: 'read' | 'create' | 'update' | 'delete') =>
        accessRule(semanticsApp, entity, roleOf(c.caller), op),
      // The oracle: the children picked from the stored rows by the evaluator, folded in JS.
      aggregate: (node: ExprOf<'aggregate'>, parentId: string): unknown => {
        const children = stored.items.filter(
          (r) =>
            r[node.via] === parentId &&
            (!node.where || evaluateRule(node.where, node.entity, r, ctx, { related, semantics }) === true),
        );
        return aggregateValues(
          node.fn,
          children.map((r) => (node.field ? (r[node.field] ?? null) : true)),
        );
      },
    };
    for (const row of rows) {
      const record = byId.get(String(row.id))!;
      const sqlSays = truthOf(row[`r${i}`]);
      const evalSays = evaluateRule(c.rule, 'items', record, ctx, { related, semantics });
      tally?.set(String(sqlSays), (tally.get(String(sqlSays)) ?? 0) + 1);
      if (evalSays !== sqlSays) throw new Mismatch(describe(c.rule, c, record, sqlSays, evalSays));
      if (withServer) {
        const admits = await evalRule(c.rule, 'items', record, { ...ctx, aggregates }, load);
        if (admits !== (sqlSays === true)) {
          throw new Mismatch(`evalRule admits ${admits}\n${describe(c.rule, c, record, sqlSays, evalSays)}`);
        }
      }
    }
  }
}
