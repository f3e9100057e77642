/**
 * Checks of single expression nodes: fields, constants, inputs, and that time arithmetic
 * and table lookups get the kind of constant they need.
 */
import { isFileField } from '../fields/field';
import type { ExprNode } from '../rules/expr';
import { checkAggregate, checkArith, checkClock, checkSqlComputable } from './computed-expr-checks';
import { which } from './describe-names';
import { fieldIn, quietField, type RuleSite, reportAt } from './rule-site';
import type { RuleScope } from './walk-rule';

/**
 * Checks one expression node (not the nodes inside it: the walk visits those).
 * @example checkExprNode(site, constant('SLA_HOURS'), recordScope('tickets'))
 */
export function checkExprNode(site: RuleSite, node: ExprNode, scope: RuleScope): void {
  const { app } = site.ctx;
  checkSqlComputable(site, node, scope);
  switch (node.kind) {
    case 'field': {
      const found = fieldIn(site, scope, node.name);
      // A file field holds uploads, not a value: neither JavaScript nor SQL compares them.
      if (found && isFileField(found)) {
        reportAt(
          site,
          scope,
          `reads '${node.name}', a ${found.type} field; no rule or expression reads files`,
        );
      }
      return;
    }
    case 'const':
      if (!Object.hasOwn(app.constants, node.name)) {
        reportAt(
          site,
          scope,
          `reads constant ${which(node.name, 'a declared constant', Object.keys(app.constants), 'constants')}`,
        );
      }
      return;
    case 'input':
      checkInput(site, node.name, scope);
      return;
    case 'addTime':
      if (node.amount.kind === 'const') {
        const v = app.constants[node.amount.name]?.value;
        if (v !== undefined && typeof v !== 'number') {
          reportAt(
            site,
            scope,
            `adds constant '${node.amount.name}' as a number of ${node.unit}, but it is not a number`,
          );
        }
      }
      return;
    case 'lookup':
      checkLookup(site, node, scope);
      return;
    case 'arith':
      checkArith(site, node, scope);
      return;
    case 'aggregate':
      checkAggregate(site, node, scope);
      return;
    case 'clock':
      checkClock(site, node, scope);
      return;
    default:
      return;
  }
}

function checkInput(site: RuleSite, name: string, scope: RuleScope): void {
  const { inputs } = site.options;
  if (!inputs) {
    reportAt(site, scope, `reads input '${name}', but only a transition has an input`);
    return;
  }
  const names = Object.keys(inputs);
  if (!names.includes(name)) {
    reportAt(site, scope, `reads input ${which(name, 'an input field of the transition', names, 'inputs')}`);
  }
}

// A lookup keyed by an enum must find an entry for every value the enum can take.
function checkLookup(site: RuleSite, node: Extract<ExprNode, { kind: 'lookup' }>, scope: RuleScope): void {
  if (node.table.kind !== 'const') {
    reportAt(site, scope, 'looks up a key in something that is not a constant');
    return;
  }
  const name = node.table.name;
  const table = site.ctx.app.constants[name]?.value;
  if (table === undefined) return;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    reportAt(site, scope, `looks up a key in constant '${name}', which is not a table of named values`);
    return;
  }
  if (node.key.kind !== 'field') return;
  const key = quietField(site, scope, node.key.name);
  if (key?.type !== 'enum' && key?.type !== 'state') return;
  const missing = key.values.filter((v) => !Object.hasOwn(table, v));
  if (missing.length) {
    reportAt(
      site,
      scope,
      `looks up '${node.key.name}' in constant '${name}', which has no entry for ${missing.join(', ')}`,
    );
  }
}
