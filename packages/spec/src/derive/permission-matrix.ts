/**
 * The permission matrix: for every role (and anonymous), what it may do to every entity,
 * which transitions it may run and which actions it may call — closed by default.
 */
import { isAdminRole } from '../app/admin-roles';
import { ANONYMOUS, type App } from '../app/define-app';
import type { GrantNode } from '../app/entity';
import type { EntityOperation, RuleNode } from '../rules/rule';
import { ruleToText } from './rule-text';
import { ruleTruthForRole } from './rule-truth';

export type Allowed = 'always' | 'never' | 'conditional';

/** One cell: whether the role may, under which rules (any one suffices), on which fields. */
export interface PermissionCell {
  readonly allowed: Allowed;
  readonly rules: readonly RuleNode[];
  readonly text: string;
  /** The fields the grants cover; absent when they cover every field. */
  readonly fields?: readonly string[];
}

export type EntityPermissions = { readonly [Op in EntityOperation]: PermissionCell };

export interface PermissionMatrix {
  /** The declared roles, then `anonymous`. */
  readonly roles: readonly string[];
  /** role → entity → operation. */
  readonly entities: { readonly [role: string]: { readonly [entity: string]: EntityPermissions } };
  /** role → entity → transition; only entities with states. */
  readonly transitions: {
    readonly [role: string]: { readonly [entity: string]: { readonly [transition: string]: PermissionCell } };
  };
  /** role → action. */
  readonly actions: { readonly [role: string]: { readonly [action: string]: PermissionCell } };
}

export const OPERATIONS = [
  'read',
  'create',
  'update',
  'delete',
] as const satisfies readonly EntityOperation[];

// Shared by many cells, so frozen: a consumer editing one cell must not edit them all.
const NEVER: PermissionCell = Object.freeze({ allowed: 'never', rules: Object.freeze([]), text: 'never' });
const ADMIN_DEFAULT: PermissionCell = Object.freeze({
  allowed: 'always',
  rules: Object.freeze([Object.freeze({ kind: 'allow' as const })]),
  text: 'always (admin)',
});

/**
 * The permission matrix of an app. A role with no grant for an operation may not perform it,
 * except an admin role, which may do every operation no rule names it in. Transitions and
 * actions are open only to the roles they list.
 * @example
 * const m = permissionMatrix(app);
 * m.entities.customer?.tickets?.delete.allowed // 'never'
 * m.entities.customer?.tickets?.read.text // 'the caller is the requester'
 */
export function permissionMatrix(app: App): PermissionMatrix {
  const roles = [...Object.keys(app.roles), ANONYMOUS];
  const entities: Record<string, Record<string, EntityPermissions>> = {};
  const transitions: Record<string, Record<string, Record<string, PermissionCell>>> = {};
  const actions: Record<string, Record<string, PermissionCell>> = {};
  for (const role of roles) {
    const isAdmin = isAdminRole(app, role);
    entities[role] = {};
    transitions[role] = {};
    for (const [name, e] of Object.entries(app.entities)) {
      const ops = OPERATIONS.map((op) => {
        const grants = e.access[op][role];
        if (grants === undefined) return [op, isAdmin ? ADMIN_DEFAULT : NEVER] as const;
        return [op, grantsCell(grants, role, app, name)] as const;
      });
      entities[role][name] = Object.fromEntries(ops) as EntityPermissions;
      if (e.states) {
        transitions[role][name] = Object.fromEntries(
          Object.entries(e.states.transitions).map(([t, tr]) => [t, whoCell(tr.who[role], role, app, name)]),
        );
      }
    }
    actions[role] = Object.fromEntries(
      Object.entries(app.actions).map(([a, act]) => [a, whoCell(act.who[role], role, app)]),
    );
  }
  return { roles, entities, transitions, actions };
}

function whoCell(rule: RuleNode | undefined, role: string, app: App, entity?: string): PermissionCell {
  return rule ? grantsCell([{ where: rule }], role, app, entity) : NEVER;
}

function grantsCell(grants: readonly GrantNode[], role: string, app: App, entity?: string): PermissionCell {
  const live = grants.filter((g) => ruleTruthForRole(g.where, role) !== false);
  if (live.length === 0) return { ...NEVER, rules: grants.map((g) => g.where) };
  const rules = live.map((g) => g.where);
  const fields = coveredFields(live);
  const truths = live.map((g) => ruleTruthForRole(g.where, role));
  const always = truths.includes(true);
  const ctx = entity ? { app, entity } : { app };
  // Per-grant field lists are only worth spelling out when the grants cover different fields.
  const spellFields = live.length > 1 && new Set(live.map((g) => (g.fields ?? []).join(','))).size > 1;
  const parts = live.map((g, i) => {
    const words = truths[i] ? 'always' : ruleToText(g.where, ctx);
    return spellFields ? `${words} (${g.fields ? g.fields.join(', ') : 'every field'})` : words;
  });
  const text = always && !spellFields ? 'always' : parts.join('; or ');
  return { allowed: always ? 'always' : 'conditional', rules, text, ...(fields ? { fields } : {}) };
}

function coveredFields(grants: readonly GrantNode[]): string[] | undefined {
  if (grants.some((g) => !g.fields)) return undefined;
  return [...new Set(grants.flatMap((g) => g.fields ?? []))];
}
