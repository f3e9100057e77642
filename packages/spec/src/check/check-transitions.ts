/**
 * Transitions' data: who may run them, their input, what they assign and what they require.
 */
import type { EntityNode, TransitionNode } from '../app/entity';
import { isFileField } from '../fields/field';
import { whyNotWritable } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkErrorRef, exprParams } from './check-errors';
import { checkFields } from './check-fields';
import { checkRoleRef } from './check-roles';
import { checkExpr, checkRule } from './check-rule';
import { which } from './describe-names';
import { valueProblem } from './value-problem';
import { recordScope } from './walk-rule';

/**
 * Checks every transition of an entity's state machine.
 * @example checkTransitions(ctx, 'tickets', app.entities.tickets!) // reports a `set` of an unknown field
 */
export function checkTransitions(ctx: CheckContext, name: string, entity: EntityNode): void {
  for (const t of Object.values(entity.states?.transitions ?? {})) {
    checkTransition(ctx, name, entity, t, `entities.${name}.states.transitions.${t.name}`);
  }
}

function checkTransition(
  ctx: CheckContext,
  name: string,
  entity: EntityNode,
  t: TransitionNode,
  path: string,
): void {
  const scope = recordScope(name);
  const options = { inputs: t.input };
  // A transition only the system takes (a timer's, a trigger's) rightly names no role.
  if (Object.keys(t.who).length === 0 && !t.after && !takenByTrigger(ctx, name, t.name)) {
    ctx.report(
      `${path}.who`,
      `transition '${t.name}' lets no role run it, and no timer or trigger takes it, so it never runs`,
    );
  }
  for (const [role, rule] of Object.entries(t.who)) {
    checkRoleRef(ctx, role, `${path}.who.${role}`);
    checkRule(ctx, rule, scope, `${path}.who.${role}`);
  }
  checkFields(ctx, t.input, `${path}.input`, { allowNested: false, scope });
  for (const [key, value] of Object.entries(t.set)) {
    checkAssignment(ctx, name, entity, t, key, `${path}.set.${key}`);
    checkExpr(ctx, value, scope, `${path}.set.${key}`, options);
  }
  for (const [i, p] of t.requires.entries()) {
    const at = `${path}.requires[${i}]`;
    checkRule(ctx, p.check, scope, `${at}.check`, options);
    checkErrorRef(ctx, p.error, `${at}.error`, exprParams(ctx, p.params, scope, `${at}.params`, t.input));
    for (const [param, expr] of Object.entries(p.params)) {
      checkExpr(ctx, expr, scope, `${at}.params.${param}`, options);
    }
  }
}

function checkAssignment(
  ctx: CheckContext,
  name: string,
  entity: EntityNode,
  t: TransitionNode,
  key: string,
  path: string,
): void {
  const field = entity.fields[key];
  const why = whyNotWritable(entity, key);
  if (why === 'a system field' || why === 'computed') {
    ctx.report(path, `transition '${t.name}' sets '${key}', but only the server sets it (it is ${why})`);
    return;
  }
  if (!field) {
    const names = Object.keys(entity.fields);
    ctx.report(path, `transition '${t.name}' sets ${which(key, `a field of ${name}`, names, 'fields')}`);
    return;
  }
  if (isFileField(field)) {
    ctx.report(path, `transition '${t.name}' sets '${key}', a ${field.type} field, which only uploads fill`);
    return;
  }
  if (key === entity.states?.field) {
    ctx.report(path, `transition '${t.name}' sets the state field '${key}', which only its 'to' may change`);
  }
  const value = t.set[key];
  if (value && value.kind === 'literal') {
    const problem = valueProblem(field, value.value);
    if (problem) ctx.report(path, `transition '${t.name}' sets '${key}' to a value that ${problem}`);
  }
}

function takenByTrigger(ctx: CheckContext, entity: string, transition: string): boolean {
  return Object.values(ctx.app.triggers).some((tr) => {
    if (tr.transition?.name !== transition) return false;
    const via = tr.transition.record;
    const on = ctx.app.entities[tr.on.entity];
    const target = via ? on?.fields[via] : undefined;
    return via ? target?.type === 'ref' && target.entity === entity : tr.on.entity === entity;
  });
}
