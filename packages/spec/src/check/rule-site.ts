/**
 * Where a rule or expression is checked: its path, how messages name it, what it may read,
 * and the helpers node checks share to report and to look names up in the current scope.
 */
import type { EntityNode } from '../app/entity';
import type { Field, Fields } from '../fields/field';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { which } from './describe-names';
import type { RuleScope } from './walk-rule';

export interface RuleOptions {
  /** The transition's input, where `input(name)` may be read; elsewhere there is no input. */
  readonly inputs?: Fields;
  /** Only validation rules see a write, so only they may ask what it `changed`. */
  readonly allowChanged?: boolean;
  /** The rule becomes SQL (default: told by its path, `becomesSql`). */
  readonly sql?: boolean;
  /**
   * The rule decides which records a role reads (an `access.read` grant): it may not read an
   * aggregate, which counts children the reader may not see.
   */
  readonly readGrant?: boolean;
}

/**
 * Whether the rule becomes SQL as well as a predicate: access rules (lists filter by them,
 * and `can()` reaches every operation's), quotas' `where` and unique constraints' `where` —
 * and, wherever the rule is, an aggregate's `where` (`scope.under`): the database counts the
 * children, so that part is always SQL, in a validation rule too (load-aggregate.ts).
 * Elsewhere (validation, transitions, reference `where`) a rule is judged in JavaScript only.
 * @example becomesSql(site, scope) // true at 'entities.tickets.access.read.customer[0].where'
 */
export function becomesSql(site: RuleSite, scope?: RuleScope): boolean {
  if (scope?.kind === 'record' && scope.under !== undefined) return true;
  return site.options.sql ?? /^entities\.[^.]+\.(access|unique)\b|^limits\.quotas\./.test(site.path);
}

/**
 * How a message names the SQL a node ends up in, when `becomesSql` holds.
 * @example sqlPlace(site, scope) // "the where of countOf('parts'), which the database computes"
 */
export function sqlPlace(scope: RuleScope): string {
  return scope.kind === 'record' && scope.under !== undefined
    ? `the where of ${scope.under}, which the database computes`
    : 'this rule, which lists filter by in SQL';
}

export interface RuleSite {
  readonly ctx: CheckContext;
  readonly path: string;
  /** `the rule` or `the expression`: how messages begin. */
  readonly subject: string;
  readonly options: RuleOptions;
}

/**
 * Reports a problem of a node, saying when it sits inside `related()`.
 * @example reportAt(site, scope, "asks for state 'opened', …")
 */
export function reportAt(site: RuleSite, scope: RuleScope, message: string): void {
  const under = scope.kind === 'record' && scope.under ? ` (inside the where of ${scope.under})` : '';
  const inside =
    scope.kind === 'record' && scope.via.length ? ` (inside related('${scope.via.join("' → '")}'))` : '';
  site.ctx.report(site.path, `${site.subject}${under}${inside} ${message}`);
}

/**
 * The record a node reads, or undefined: in a scope with no record, after saying so.
 * @example const r = recordIn(site, scope, 'the state'); if (r) r.node.states
 */
export function recordIn(
  site: RuleSite,
  scope: RuleScope,
  what: string,
): { readonly name: string; readonly node: EntityNode } | undefined {
  if (scope.kind === 'none') reportAt(site, scope, `reads ${what}, but ${scope.what} has no record to read`);
  if (scope.kind !== 'record') return undefined;
  const node = site.ctx.app.entities[scope.entity];
  return node ? { name: scope.entity, node } : undefined;
}

/**
 * A field of the record in scope, or undefined after reporting that there is none.
 * @example fieldIn(site, scope, 'priorty') // reports "reads field 'priorty', which is not a field of tickets …"
 */
export function fieldIn(site: RuleSite, scope: RuleScope, name: string, what = 'field'): Field | undefined {
  const r = recordIn(site, scope, `${what} '${name}'`);
  if (!r) return undefined;
  const found = fieldOf(r.node, name);
  if (!found) {
    reportAt(
      site,
      scope,
      `reads ${what} ${which(name, `a field of ${r.name}`, fieldNames(r.node), 'fields')}`,
    );
  }
  return found;
}

/**
 * A field of the record in scope without reporting anything: for checks that only refine
 * a name already checked on its own.
 * @example quietField(site, scope, 'priority')?.type // 'enum'
 */
export function quietField(site: RuleSite, scope: RuleScope, name: string): Field | undefined {
  const entity = scope.kind === 'record' ? site.ctx.app.entities[scope.entity] : undefined;
  return entity && fieldOf(entity, name);
}
