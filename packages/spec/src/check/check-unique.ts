/**
 * Unique declarations (`unique: [{ name, fields, where, error }]`): each becomes a (partial)
 * unique index, so its fields must be stored scalar columns and its `where` only what an
 * index's WHERE can hold — fields compared with values, `inState`, `oneOf`, `isNull`,
 * and/or/not. Its error must be declared and need no params: the database names no values.
 */
import type { EntityNode } from '../app/entity';
import type { RuleNode } from '../rules/rule';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkErrorRef } from './check-errors';
import { checkRule } from './check-rule';
import { article, which } from './describe-names';
import { recordScope } from './walk-rule';

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;
// Lists, objects and maps hold many values; a file field holds uploads, never compared.
const NOT_SCALAR = new Set(['list', 'object', 'map', 'file', 'files']);

/**
 * Checks an entity's unique declarations.
 * @example checkUniques(ctx, 'appointments', app.entities.appointments!) // reports a `where` on `related()`
 */
export function checkUniques(ctx: CheckContext, name: string, entity: EntityNode): void {
  const seen = new Map<string, number>();
  for (const [i, u] of entity.unique.entries()) {
    const path = `entities.${name}.unique[${i}]`;
    if (!NAME.test(u.name)) {
      ctx.report(`${path}.name`, `the unique constraint's name '${u.name}' is not letters and digits`);
    } else if (seen.has(u.name)) {
      ctx.report(
        `${path}.name`,
        `a second unique constraint named '${u.name}' (the first is unique[${seen.get(u.name)}])`,
      );
    } else seen.set(u.name, i);
    checkFields(ctx, name, entity, u.name, u.fields, `${path}.fields`);
    if (u.where) {
      checkRule(ctx, u.where, recordScope(name), `${path}.where`);
      for (const why of indexProblems(u.where))
        ctx.report(`${path}.where`, `unique constraint '${u.name}' ${why}`);
    }
    checkErrorRef(ctx, u.error, `${path}.error`, {});
  }
}

function checkFields(
  ctx: CheckContext,
  name: string,
  entity: EntityNode,
  constraint: string,
  fields: readonly string[],
  path: string,
): void {
  if (fields.length === 0) ctx.report(path, `unique constraint '${constraint}' names no fields`);
  const names = fieldNames(entity);
  for (const [j, f] of fields.entries()) {
    const field = fieldOf(entity, f);
    if (!field)
      ctx.report(
        `${path}[${j}]`,
        `unique constraint '${constraint}' names ${which(f, `a field of ${name}`, names, 'fields')}`,
      );
    else if (NOT_SCALAR.has(field.type))
      ctx.report(
        `${path}[${j}]`,
        `unique constraint '${constraint}' names '${f}', ${article(field.type)} field; only single values can be kept unique`,
      );
    if (fields.indexOf(f) !== j)
      ctx.report(`${path}[${j}]`, `unique constraint '${constraint}' names '${f}' twice`);
  }
}

/** What in a rule an index's WHERE cannot hold, each as a sentence's end. */
function indexProblems(rule: RuleNode): string[] {
  switch (rule.kind) {
    case 'and':
    case 'or':
      return rule.rules.flatMap(indexProblems);
    case 'not':
      return indexProblems(rule.rule);
    case 'inState':
      return [];
    case 'isNull':
      return rule.operand.kind === 'field' ? [] : ['uses isNull() on something other than a field'];
    case 'in':
      return rule.left.kind === 'field' ? [] : ['uses oneOf() on something other than a field'];
    case 'compare': {
      const sides = [rule.left.kind, rule.right.kind].sort().join(' and ');
      return sides === 'field and literal'
        ? []
        : [
            `compares ${sides}; its where may compare only a field with a value (it becomes the index's WHERE)`,
          ];
    }
    default:
      return [
        `uses ${rule.kind}(), which an index cannot hold; its where may use only fields compared with values, inState, oneOf, isNull, and, or, not`,
      ];
  }
}
