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
  // Own keys only: a name such as `constructor` must find nothing, even in an App built by
  // hand rather than by defineApp (whose maps have no prototype).
  const node = Object.hasOwn(app.entities, entity) ? app.entities[entity] : undefined;
  const byRole = node?.access[op];
  if (byRole && Object.hasOwn(byRole, role)) return byRole[role];
  return Object.hasOwn(app.roles, role) && app.roles[role]?.admin ? undefined : [];
}

/**
 * The rule deciding `op` on `entity` for `role`.
 * @example accessRule(app, 'tickets', 'customer', 'read') // callerIs('requester')
 */
export function accessRule(app: App, entity: string, role: string, op: EntityOperation): RuleNode {
  // Asked on every request and for every realtime subscriber: made once per app.
  // Nested maps rather than one joined key: a key string would be made and hashed per call.
  let byEntity = RULES.get(app);
  if (!byEntity) {
    byEntity = new Map();
    RULES.set(app, byEntity);
  }
  const byOp = inner(inner(byEntity, entity), role);
  let rule = byOp.get(op);
  if (!rule) {
    rule = ruleOf(grantsFor(app, entity, role, op));
    byOp.set(op, rule);
  }
  return rule;
}

type Nested<V> = Map<string, V>;
const RULES = new WeakMap<App, Nested<Nested<Map<EntityOperation, RuleNode>>>>();

function inner<V extends Map<unknown, unknown>>(map: Map<string, V>, key: string): V {
  let value = map.get(key);
  if (!value) {
    value = new Map() as V;
    map.set(key, value);
  }
  return value;
}

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
