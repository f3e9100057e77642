/**
 * Reference checks inside rules and expressions: fields, states, roles, constants, inputs
 * and reference fields, each against the scope the node is evaluated in.
 */
import { isFileField } from '../fields/field';
import type { ExprNode, Literal } from '../rules/expr';
import type { RuleNode } from '../rules/rule';
import { type RuleVisitor, visitRule } from '../rules/visit-rule';
import { roleNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkClockLiteral } from './computed-expr-checks';
import { article, which } from './describe-names';
import { checkExprNode } from './expr-node-checks';
import { fieldIn, quietField, type RuleOptions, type RuleSite, recordIn, reportAt } from './rule-site';
import { valueProblem } from './value-problem';
import { type RuleScope, walkExpr, walkRule } from './walk-rule';

export type { RuleOptions };

/**
 * Checks every name a rule uses, inside `and`/`or`/`not`/`related` too.
 * @example checkRule(ctx, grant.where, recordScope('tickets'), 'entities.tickets.access.read.customer[0].where')
 */
export function checkRule(
  ctx: CheckContext,
  rule: RuleNode,
  scope: RuleScope,
  path: string,
  options: RuleOptions = {},
): void {
  const site: RuleSite = { ctx, path, subject: 'the rule', options };
  walkRule(ctx.app, rule, scope, {
    rule: (n, s) => checkRuleNode(site, n, s),
    expr: (n, s) => checkExprNode(site, n, s),
  });
}

/**
 * Checks every name an expression uses.
 * @example checkExpr(ctx, field.computed, recordScope('tickets'), 'entities.tickets.fields.dueAt.computed')
 */
export function checkExpr(
  ctx: CheckContext,
  expr: ExprNode,
  scope: RuleScope,
  path: string,
  options: RuleOptions = {},
): void {
  const site: RuleSite = { ctx, path, subject: 'the expression', options };
  walkExpr(expr, scope, { expr: (n, s) => checkExprNode(site, n, s) });
}

function checkRuleNode(site: RuleSite, node: RuleNode, scope: RuleScope): void {
  visitRule(node, NODE_CHECKS, { site, scope });
}

interface At {
  readonly site: RuleSite;
  readonly scope: RuleScope;
}

const nothing = () => {};

// What each kind names, checked where it is; the children are walked by walkRule.
const NODE_CHECKS: RuleVisitor<void, At> = {
  allow: nothing,
  deny: nothing,
  signedIn: nothing,
  and: nothing,
  or: nothing,
  not: nothing,
  isNull: nothing,
  inState: (n, { site, scope }) => checkStates(site, n.states, scope),
  changed: (n, { site, scope }) => {
    if (!site.options.allowChanged) {
      reportAt(site, scope, `asks whether '${n.field}' changed, which only a validation rule can know`);
    }
    const found = fieldIn(site, scope, n.field);
    if (found && isFileField(found)) {
      reportAt(
        site,
        scope,
        `asks whether '${n.field}' changed, but only uploads change a ${found.type} field`,
      );
    }
  },
  related: (n, { site, scope }) => checkVia(site, n.via, 'related()', scope),
  can: (n, { site, scope }) => checkVia(site, n.via, 'can()', scope),
  compare: (n, { site, scope }) => {
    if (n.right.kind === 'literal') checkLiteral(site, n.left, n.right.value, scope);
    if (n.left.kind === 'literal') checkLiteral(site, n.right, n.left.value, scope);
  },
  in: (n, { site, scope }) => {
    for (const v of n.values) checkLiteral(site, n.left, v, scope);
  },
};

function checkStates(site: RuleSite, asked: readonly string[], scope: RuleScope): void {
  const r = recordIn(site, scope, 'the state');
  if (!r) return;
  if (!r.node.states) {
    reportAt(site, scope, `asks for the state, but ${r.name} has no states`);
    return;
  }
  const states = Object.keys(r.node.states.states);
  for (const s of asked) {
    if (!states.includes(s)) {
      reportAt(site, scope, `asks for state ${which(s, `a state of ${r.name}`, states, 'states')}`);
    }
  }
}

function checkVia(site: RuleSite, via: string, how: string, scope: RuleScope): void {
  const found = fieldIn(site, scope, via, `the ${how} field`);
  if (found && found.type !== 'ref') {
    reportAt(
      site,
      scope,
      `goes through '${via}' with ${how}, but '${via}' is ${article(found.type)} field, not a reference`,
    );
  }
}

// A literal compared with a field or the caller's role must be a value it can take, or the
// rule silently never (or always) holds.
function checkLiteral(site: RuleSite, operand: ExprNode, value: Literal, scope: RuleScope): void {
  checkClockLiteral(site, operand, value, scope);
  if (operand.kind === 'caller' && operand.prop === 'role') {
    const roles = roleNames(site.ctx.app);
    if (typeof value === 'string' && !roles.includes(value)) {
      reportAt(
        site,
        scope,
        `compares the caller's role with ${which(value, 'a role of the app', roles, 'roles')}`,
      );
    }
    return;
  }
  if (operand.kind !== 'field' || value === null) return;
  const f = quietField(site, scope, operand.name);
  // A file field read is refused where it is read (checkExprNode), once.
  const problem = f && !isFileField(f) && valueProblem(f, value);
  if (problem) reportAt(site, scope, `compares '${operand.name}' with a value that ${problem}`);
}
