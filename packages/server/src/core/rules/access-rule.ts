/**
 * From an entity's grants to the rule that decides one operation for one role. Closed by
 * default: no grant means no access, except for an admin role the spec names in no grant
 * of that operation.
 */
import type { App, EntityOperation, GrantNode, RuleNode } from '@ninefold/spec';
import { allow, deny, or } from '@ninefold/spec';

/** The grants a role has for an operation; `undefined` when an admin role falls back to all. */
export function grantsFor(
  app: App,
  entity: string,
  role: string,
  op: EntityOperation,
): readonly GrantNode[] | undefined {
  const grants = app.entities[entity]?.access[op][role];
  if (grants) return grants;
  return app.roles[role]?.admin ? undefined : [];
}

/**
 * The rule deciding `op` on `entity` for `role`.
 * @example accessRule(app, 'tickets', 'customer', 'read') // callerIs('requester')
 */
export function accessRule(app: App, entity: string, role: string, op: EntityOperation): RuleNode {
  // Asked on every request and for every realtime subscriber: made once per app.
  let rules = RULES.get(app);
  if (!rules) {
    rules = new Map();
    RULES.set(app, rules);
  }
  const key = `${entity}\u0000${role}\u0000${op}`;
  let rule = rules.get(key);
  if (!rule) {
    rule = ruleOf(grantsFor(app, entity, role, op));
    rules.set(key, rule);
  }
  return rule;
}

const RULES = new WeakMap<App, Map<string, RuleNode>>();

function ruleOf(grants: readonly GrantNode[] | undefined): RuleNode {
  if (grants === undefined) return allow();
  if (grants.length === 0) return deny();
  if (grants.length === 1) return grants[0]!.where;
  return or(...grants.map((g) => g.where));
}

const FIELDS = new WeakMap<readonly GrantNode[], Set<string> | undefined>();

/** The fields a role's grants for an operation cover; `undefined` means all of them. */
export function grantFields(grants: readonly GrantNode[] | undefined): ReadonlySet<string> | undefined {
  if (grants === undefined) return undefined;
  if (FIELDS.has(grants)) return FIELDS.get(grants);
  const fields = grants.some((g) => !g.fields) ? undefined : new Set(grants.flatMap((g) => g.fields ?? []));
  FIELDS.set(grants, fields);
  return fields;
}
