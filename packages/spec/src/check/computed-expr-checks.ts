/**
 * Checks of the computing expression nodes: arithmetic takes numbers, an aggregate names a
 * child entity that points at the record through `via`, a clock function reads an instant
 * in a zone the platform knows — and what SQL cannot compute per row (a clock function, a
 * lookup or time added to a field) stays out of rules that become SQL, an aggregate's `where`
 * included: compile-rule.ts would refuse it at run time, on every list or write.
 */

import { isTimeZone } from '../rules/clock-value';
import type { ExprNode } from '../rules/expr';
import { readsRecord } from '../rules/reads-record';
import type { ExprOf } from '../rules/visit-rule';
import { fieldNames, fieldOf, refTarget } from './app-lookup';
import { article, which } from './describe-names';
import { becomesSql, quietField, type RuleSite, reportAt, sqlPlace } from './rule-site';
import { kindWord, staticType } from './static-type';
import type { RuleScope } from './walk-rule';

const ORDERED = new Set(['integer', 'number', 'datetime', 'date', 'text', 'enum', 'email', 'url']);

/**
 * Arithmetic: both operands numbers, where the spec tells.
 * @example checkArith(site, add('title', 1), scope) // "adds field 'title' (text), which is not a number"
 */
export function checkArith(site: RuleSite, node: ExprOf<'arith'>, scope: RuleScope): void {
  for (const side of [node.left, node.right]) {
    const t = staticType(site.ctx, side, scope, site.options.inputs);
    if (t && t.kind !== 'number' && t.kind !== 'null') {
      reportAt(site, scope, `computes with ${t.what}, which is ${kindWord(t.kind)}, not a number`);
    }
  }
}

/**
 * An aggregate: its entity, `via` a reference of it to the record `of` names, the field.
 * @example checkAggregate(site, sumOf('claimItems', 'claim', 'amount', { of: 'claim' }), recordScope('claimItems'))
 */
export function checkAggregate(site: RuleSite, node: ExprOf<'aggregate'>, scope: RuleScope): void {
  const { app } = site.ctx;
  const name = `${node.fn}Of('${node.entity}')`;
  if (site.subject !== 'the rule') {
    reportAt(site, scope, `reads ${name}, but aggregates of related records are only judged in rules`);
    return;
  }
  if (site.options.readGrant) {
    reportAt(
      site,
      scope,
      `reads ${name} in a read grant, but an aggregate counts every child, those the reader may not see too, so the list would reveal facts about records hidden from the reader: judge it in a validation rule, a transition's requires or a write grant instead`,
    );
    return;
  }
  const child = Object.hasOwn(app.entities, node.entity) ? app.entities[node.entity] : undefined;
  if (!child) {
    reportAt(
      site,
      scope,
      `reads ${name}, ${which(node.entity, 'an entity of the app', Object.keys(app.entities), 'entities')}`,
    );
    return;
  }
  const via = fieldOf(child, node.via);
  if (via?.type !== 'ref') {
    const is = via
      ? `${article(via.type)} field, not a reference`
      : which(node.via, `a field of ${node.entity}`, fieldNames(child), 'fields');
    reportAt(site, scope, `reads ${name} through '${node.via}', which is ${is}`);
    return;
  }
  const parent = parentOf(site, node.of, scope);
  if (parent !== undefined && parent !== via.entity) {
    reportAt(
      site,
      scope,
      `reads ${name} of a record of ${parent}, but '${node.via}' of ${node.entity} points at ${via.entity}`,
    );
  }
  if (node.fn === 'count') return;
  const f = node.field === undefined ? undefined : fieldOf(child, node.field);
  if (!f) {
    reportAt(
      site,
      scope,
      `reads ${name} of ${which(node.field ?? '', `a field of ${node.entity}`, fieldNames(child), 'fields')}`,
    );
  } else if (node.fn === 'sum' && f.type !== 'integer' && f.type !== 'number') {
    reportAt(
      site,
      scope,
      `adds up '${node.field}' with ${name}, but it is ${article(f.type)} field, not a number`,
    );
  } else if (!ORDERED.has(f.type)) {
    reportAt(
      site,
      scope,
      `takes the ${node.fn === 'min' ? 'least' : 'greatest'} '${node.field}' with ${name}, but ${f.type} values have no order`,
    );
  }
}

// The entity whose id `of` yields: the record's own (`id`), a reference's target.
function parentOf(site: RuleSite, of: ExprNode, scope: RuleScope): string | undefined {
  if (scope.kind !== 'record' || of.kind !== 'field') return undefined;
  if (of.name === 'id') return scope.entity;
  const f = quietField(site, scope, of.name);
  if (f === undefined) return undefined;
  if (f.type !== 'ref') {
    reportAt(
      site,
      scope,
      `aggregates the records of '${of.name}', which is ${article(f.type)} field, not a reference`,
    );
    return undefined;
  }
  return refTarget(site.ctx.app, scope.entity, of.name);
}

/**
 * A clock function: an instant (a datetime), a zone the platform knows or a text field (SQL
 * sites: `checkSqlComputable`).
 * @example checkClock(site, timeOfDay('startsAt', constant('CLINIC_ZONE')), scope)
 */
export function checkClock(site: RuleSite, node: ExprOf<'clock'>, scope: RuleScope): void {
  const fn = describe(node);
  const v = node.value;
  if (v.kind === 'field') {
    const f = quietField(site, scope, v.name);
    if (f && f.type !== 'datetime') {
      reportAt(site, scope, `reads ${fn} of '${v.name}', which is ${article(f.type)} field, not a datetime`);
    }
  } else if (v.kind === 'literal' && (typeof v.value !== 'string' || !Number.isFinite(Date.parse(v.value)))) {
    reportAt(site, scope, `reads ${fn} of a value that is not a timestamp`);
  }
  const z = node.zone;
  const zoneValue =
    z.kind === 'const' ? site.ctx.app.constants[z.name]?.value : z.kind === 'literal' ? z.value : undefined;
  if (zoneValue !== undefined && (typeof zoneValue !== 'string' || !isTimeZone(zoneValue))) {
    const what = z.kind === 'const' ? `constant '${z.name}'` : `the value ${JSON.stringify(zoneValue)}`;
    reportAt(site, scope, `reads ${fn} in ${what}, which is not an IANA time zone such as 'Europe/Zurich'`);
  }
  if (z.kind === 'field') {
    const f = quietField(site, scope, z.name);
    if (f && f.type !== 'text')
      reportAt(site, scope, `reads ${fn} in '${z.name}', which is ${article(f.type)} field, not a zone name`);
  }
}

// What SQL computes per row: a field, arithmetic, an aggregate. The rest of what reads the
// record needs JavaScript (the zone database, a constant table, calendar arithmetic).
const NOT_IN_SQL: Partial<Record<ExprNode['kind'], string>> = {
  clock: 'SQL cannot compute (SQLite has no time zones)',
  addTime: 'SQL cannot compute: compare the field with a time computed from now() instead',
  lookup: 'SQL cannot compute: compare the field with oneOf() instead',
};

/**
 * A node SQL cannot compute per row, reading the record where the rule becomes SQL: refused
 * here, where compile-rule.ts would otherwise answer 500 on every list or write.
 * @example checkSqlComputable(site, addHours('createdAt', 3), scope) // in a read rule: reports
 */
export function checkSqlComputable(site: RuleSite, node: ExprNode, scope: RuleScope): void {
  const why = NOT_IN_SQL[node.kind];
  if (why === undefined || !readsRecord(node) || !becomesSql(site, scope)) return;
  reportAt(
    site,
    scope,
    `reads ${describe(node)} of the record, which ${why}, but ${sqlPlace(scope)}: keep it to validation rules and transitions, outside an aggregate's where`,
  );
}

function describe(node: ExprNode): string {
  if (node.kind === 'clock')
    return node.part === 'time' ? 'timeOfDay()' : node.part === 'date' ? 'dateOf()' : 'weekdayOf()';
  return node.kind === 'addTime' ? `add${node.unit === 'hours' ? 'Hours' : 'Days'}()` : 'lookup()';
}

const FORMS = {
  time: { re: /^([01]\d|2[0-3]):[0-5]\d$/, form: "'HH:MM' on a 24-hour clock, such as '08:00'" },
  date: { re: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, form: "'YYYY-MM-DD'" },
} as const;

/**
 * A literal compared with a clock function must be in its form, or the comparison (in text
 * order) silently never holds: '8:00' sorts after '18:00'.
 * @example checkClockLiteral(site, timeOfDay('startsAt', zone), '8:00', scope) // reports
 */
export function checkClockLiteral(site: RuleSite, operand: ExprNode, value: unknown, scope: RuleScope): void {
  if (operand.kind !== 'clock' || value === null) return;
  if (operand.part === 'weekday') {
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7))
      reportAt(
        site,
        scope,
        `compares weekdayOf() with ${JSON.stringify(value)}, but weekdays are 1 (Monday) to 7 (Sunday)`,
      );
    return;
  }
  const { re, form } = FORMS[operand.part];
  if (typeof value !== 'string' || !re.test(value)) {
    reportAt(
      site,
      scope,
      `compares ${operand.part === 'time' ? 'timeOfDay()' : 'dateOf()'} with ${JSON.stringify(value)}, which is not in the form ${form}`,
    );
  }
}
