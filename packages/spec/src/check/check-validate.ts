/**
 * Cross-field validation rules: their rules, the field they report on, and the error they
 * answer with, whose message must get every `{param}` it uses.
 */
import type { EntityNode } from '../app/entity';
import { fieldNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkErrorRef, exprParams } from './check-errors';
import { checkExpr, checkRule } from './check-rule';
import { which } from './describe-names';
import { recordScope } from './walk-rule';

/**
 * Checks an entity's validation rules.
 * @example checkValidations(ctx, 'tickets', app.entities.tickets!) // reports an unknown error code
 */
export function checkValidations(ctx: CheckContext, name: string, entity: EntityNode): void {
  const scope = recordScope(name);
  const options = { allowChanged: true };
  for (const [i, v] of entity.validate.entries()) {
    const path = `entities.${name}.validate[${i}]`;
    if (v.when) checkRule(ctx, v.when, scope, `${path}.when`, options);
    checkRule(ctx, v.check, scope, `${path}.check`, options);
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
