/**
 * Custom actions: who may call them, their input and output fields, and the error codes
 * they say they answer with.
 */
import type { CheckContext } from './check-context';
import { checkErrorRef } from './check-errors';
import { checkFields, type FieldPlace } from './check-fields';
import { checkRoleRef } from './check-roles';
import { checkRule } from './check-rule';

/**
 * Checks every action of the app.
 * @example checkActions(ctx) // reports "'NOT_FOUNDD' is not a built-in or declared error code …"
 */
export function checkActions(ctx: CheckContext): void {
  for (const [name, action] of Object.entries(ctx.app.actions)) {
    const path = `actions.${name}`;
    // An action acts on no single record, so its rules and defaults have none to read.
    const place: FieldPlace = { allowNested: true, scope: { kind: 'none', what: `action '${name}'` } };
    // An action only the system runs (a trigger's, a schedule's) rightly names no role; one
    // queued by a handler's `schedule` alone names a role the checker can see run it.
    const systemRuns =
      Object.values(ctx.app.triggers).some((t) => t.action?.name === name) ||
      Object.values(ctx.app.schedules).some((s) => s.action === name);
    if (Object.keys(action.who).length === 0 && !systemRuns) {
      ctx.report(
        `${path}.who`,
        `action '${name}' lets no role call it, and no trigger or schedule runs it, so it never runs`,
      );
    }
    for (const [role, rule] of Object.entries(action.who)) {
      checkRoleRef(ctx, role, `${path}.who.${role}`);
      checkRule(ctx, rule, place.scope, `${path}.who.${role}`);
    }
    checkFields(ctx, action.input, `${path}.input`, place);
    checkFields(ctx, action.output, `${path}.output`, place);
    for (const [i, code] of action.errors.entries()) checkErrorRef(ctx, code, `${path}.errors[${i}]`);
  }
}
