/**
 * What of a rule or an expression needs a caller to be judged: the system, which takes timed
 * transitions, fires timers and runs triggers and schedules, has none.
 */
import type { App } from '../app/define-app';
import type { ExprNode } from '../rules/expr';
import type { RuleNode } from '../rules/rule';
import type { CheckContext } from './check-context';
import { type RuleScope, walkExpr, walkRule } from './walk-rule';

/**
 * The first part of a rule that needs a caller to judge it, in the spec's words, or
 * undefined: what the system, which has none, cannot judge.
 * @example callerReads(app, hasRole('agent'), recordScope('tickets')) // "hasRole('agent')"
 */
export function callerReads(app: App, rule: RuleNode, scope: RuleScope): string | undefined {
  let found: string | undefined;
  const note = (words: string) => {
    found ??= words;
  };
  walkRule(app, rule, scope, {
    rule: (n) => {
      if (n.kind === 'signedIn') note('signedIn()');
      if (n.kind === 'can') note(`can('${n.via}', '${n.op}')`);
      if (n.kind === 'in' && n.left.kind === 'caller' && n.left.prop === 'role') {
        note(`hasRole(${n.values.map((v) => `'${String(v)}'`).join(', ')})`);
      }
      if (n.kind === 'compare') {
        const other = n.right.kind === 'caller' ? n.left : n.left.kind === 'caller' ? n.right : undefined;
        if (other?.kind === 'field') note(`callerIs('${other.name}')`);
      }
    },
    expr: (n) => {
      if (n.kind === 'caller') note(`caller('${n.prop}')`);
    },
  });
  return found;
}

/**
 * The first part of an expression that reads the caller, or undefined.
 * @example exprCallerReads(ctx, caller('id'), recordScope('tickets')) // "caller('id')"
 */
export function exprCallerReads(ctx: CheckContext, expr: ExprNode, scope: RuleScope): string | undefined {
  let found: string | undefined;
  walkExpr(
    expr,
    scope,
    {
      expr: (n) => {
        if (n.kind === 'caller') found ??= `caller('${n.prop}')`;
      },
      rule: (r) => {
        found ??= callerReads(ctx.app, r, scope);
      },
    },
    ctx.app,
  );
  return found;
}
