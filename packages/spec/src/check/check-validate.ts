/**
 * Cross-field validation rules: their rules, the field they report on, and the error they
 * answer with, whose message must get every `{param}` it uses.
 */
import type { EntityNode, ValidationOp } from '../app/entity';
import type { RuleNode } from '../rules/rule';
import { fieldNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkErrorRef, exprParams } from './check-errors';
import { checkExpr, checkRule } from './check-rule';
import { which } from './describe-names';
import { type RuleScope, recordScope, walkRule } from './walk-rule';

/**
 * Checks an entity's validation rules.
 * @example checkValidations(ctx, 'tickets', app.entities.tickets!) // reports an unknown error code
 */
export function checkValidations(ctx: CheckContext, name: string, entity: EntityNode): void {
  const scope = recordScope(name);
  const options = { allowChanged: true };
  for (const [i, v] of entity.validate.entries()) {
    const path = `entities.${name}.validate[${i}]`;
    checkOps(ctx, v.name, v.on, `${path}.on`);
    if (v.when) checkRule(ctx, v.when, scope, `${path}.when`, options);
    checkRule(ctx, v.check, scope, `${path}.check`, options);
    if (v.on.length > 0 && v.on.every((op) => op === 'delete')) {
      if (v.when) refuseChanged(ctx, v.name, v.when, scope, `${path}.when`);
      refuseChanged(ctx, v.name, v.check, scope, `${path}.check`);
    }
    checkErrorRef(ctx, v.error, `${path}.error`, exprParams(ctx, v.params, scope, `${path}.params`));
    for (const [param, expr] of Object.entries(v.params)) {
      checkExpr(ctx, expr, scope, `${path}.params.${param}`, options);
    }
    const names = fieldNames(entity);
    if (v.field !== undefined && !names.includes(v.field)) {
      ctx.report(
        `${path}.field`,
        `validation '${v.name}' reports on ${which(v.field, `a field of ${name}`, names, 'fields')}`,
      );
    }
  }
}

const OPS: readonly ValidationOp[] = ['create', 'update', 'delete'];

function checkOps(ctx: CheckContext, name: string, on: readonly string[], path: string): void {
  if (on.length === 0)
    ctx.report(path, `validation '${name}' applies to no write; give one of ${OPS.join(', ')}`);
  for (const [i, op] of on.entries()) {
    if (!(OPS as readonly string[]).includes(op))
      ctx.report(`${path}[${i}]`, `validation '${name}' applies to ${which(op, 'a write', OPS, 'writes')}`);
  }
}

// A delete changes no field: the rule judges the record as it is, so `changed()` has no answer.
function refuseChanged(
  ctx: CheckContext,
  name: string,
  rule: RuleNode,
  scope: RuleScope,
  path: string,
): void {
  walkRule(ctx.app, rule, scope, {
    rule: (n) => {
      if (n.kind === 'changed')
        ctx.report(
          path,
          `validation '${name}' judges only deletes, which change no field, but asks whether '${n.field}' changed`,
        );
    },
  });
}
