/**
 * An action that automation runs as the system — a trigger's or a schedule's: the action
 * exists, and the input it is given names its input fields, leaves none it requires out, and
 * gives each a value it can take, worked out without a caller.
 */
import type { ExprNode } from '../rules/expr';
import { exprCallerReads } from './caller-reads';
import type { CheckContext } from './check-context';
import { checkExpr } from './check-rule';
import { requiredInputs } from './check-timers';
import { which } from './describe-names';
import { fieldKind, kindWord, staticType } from './static-type';
import { valueProblem } from './value-problem';
import type { RuleScope } from './walk-rule';

/** Where an action call is declared. */
export interface ActionCallPlace {
  /** `schedule 'nightly'`, for messages. */
  readonly who: string;
  /** Where the action's name is, and where its input is. */
  readonly namePath: string;
  readonly inputPath: string;
  /** What the input's expressions read: the event's record, or none for a schedule. */
  readonly scope: RuleScope;
}

/**
 * Checks an action run by automation with `input`.
 * @example checkActionCall(ctx, 'flagOverdueLoans', {}, { who: "schedule 'nightly'", namePath: 'schedules.nightly.action', inputPath: 'schedules.nightly.input', scope })
 */
export function checkActionCall(
  ctx: CheckContext,
  action: string,
  input: { readonly [name: string]: ExprNode },
  place: ActionCallPlace,
): void {
  const { actions } = ctx.app;
  const node = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!node) {
    ctx.report(
      place.namePath,
      `${place.who} runs ${which(action, 'an action of the app', Object.keys(actions), 'actions')}`,
    );
    return;
  }
  const fields = Object.keys(node.input);
  const missing = requiredInputs(node.input).filter((f) => !Object.hasOwn(input, f));
  if (missing.length > 0) {
    ctx.report(
      place.inputPath,
      `${place.who} runs action '${action}' without its input ${missing.map((m) => `'${m}'`).join(', ')}, which it requires`,
    );
  }
  for (const [key, value] of Object.entries(input)) {
    const path = `${place.inputPath}.${key}`;
    const field = Object.hasOwn(node.input, key) ? node.input[key] : undefined;
    if (!field) {
      ctx.report(
        path,
        `${place.who} gives action '${action}' ${which(key, `an input field of action '${action}'`, fields, 'inputs')}`,
      );
      continue;
    }
    checkExpr(ctx, value, place.scope, path);
    const reads = exprCallerReads(ctx, value, place.scope);
    if (reads) {
      ctx.report(
        path,
        `${place.who} works out input '${key}' from ${reads}, but runs as the system, with no caller`,
      );
      continue;
    }
    if (value.kind === 'literal') {
      const problem = valueProblem(field, value.value);
      if (problem) ctx.report(path, `${place.who} gives input '${key}' a value that ${problem}`);
      continue;
    }
    const type = staticType(ctx, value, place.scope);
    const want = fieldKind(field);
    if (type && type.kind !== 'null' && type.kind !== want) {
      ctx.report(
        path,
        `${place.who} gives input '${key}' ${type.what}, which is ${kindWord(type.kind)}, but it takes ${kindWord(want)}`,
      );
    }
  }
}
