/**
 * The client-facing form of the spec, as `/api/meta` sends it: plain JSON with everything a
 * client needs to draw forms, boards and buttons — and nothing server-only (handlers,
 * constants not marked public).
 */
import type { AboutInput, App, ErrorNode, RoleInput } from '../app/define-app';
import { humanize } from '../app/entity';
import { quotaKey, type RateInput } from '../app/limits';
import type { ScreenInput } from '../app/screens';
import type { Fields } from '../fields/field';
import type { Literal } from '../rules/expr';
import { type EntityMeta, entityMeta, type RuleMeta, ruleMeta, whoMeta } from './entity-meta';
import { type PermissionMatrix, permissionMatrix } from './permission-matrix';
import { plainData } from './plain-data';

export interface QuotaMeta {
  readonly name: string;
  readonly description?: string;
  readonly entity: string;
  readonly owner: string;
  readonly roles?: readonly string[];
  readonly where?: RuleMeta;
  /** Resolved from the constant it names. */
  readonly max: number;
  readonly error: string;
}

/**
 * A storage quota as a client sees it: the bytes of files it allows, whose, and for whom.
 * @example const q: StorageQuotaMeta = { name: 'customerFiles', bytes: 104857600, roles: ['customer'], per: 'owner', error: 'LIMIT_EXCEEDED' };
 */
export interface StorageQuotaMeta {
  readonly name: string;
  readonly description?: string;
  /** Resolved from the constant it names. */
  readonly bytes: number;
  readonly roles?: readonly string[];
  /** Each uploader's own files (`owner`), or every file of the quota's roles together (`role`). */
  readonly per: 'owner' | 'role';
  /** Only this entity's files count (absent: every entity's). */
  readonly entity?: string;
  readonly error: string;
}

export interface ActionMeta {
  readonly label: string;
  readonly description?: string;
  readonly who: { readonly [role: string]: RuleMeta };
  readonly input: Fields;
  readonly output: Fields;
  readonly errors: readonly string[];
}

/**
 * A role as a client sees it: its name in words and what the UI needs to offer the account
 * flows (who may invite into it, whether its accounts verify their email, service accounts,
 * API keys).
 * @example const role: RoleMeta = { label: 'Agent', invitedBy: ['lead'], apiKeys: { roles: ['reporter'] } };
 */
export type RoleMeta = Pick<
  RoleInput,
  'description' | 'signUp' | 'admin' | 'invitedBy' | 'verifyEmail' | 'service' | 'apiKeys'
> & { readonly label: string };

/**
 * A notification of the spec, as a preferences screen lists it. Only its name and label:
 * whom it tells and when are the server's business, and triggers, schedules and webhooks
 * (their targets come from the server's configuration) are not sent at all.
 */
export interface NotificationMeta {
  readonly name: string;
  readonly label: string;
}

export interface ClientMeta {
  readonly about: AboutInput;
  readonly roles: { readonly [name: string]: RoleMeta };
  readonly entities: { readonly [name: string]: EntityMeta };
  readonly errors: { readonly [code: string]: ErrorNode };
  /** Public constants only. */
  readonly constants: { readonly [name: string]: { readonly value: Literal; readonly description?: string } };
  readonly limits: {
    readonly pageSize: { readonly default: number; readonly max: number };
    readonly bodyBytes: number;
    readonly quotas: readonly QuotaMeta[];
    /** Storage quotas: bytes of files, per uploader or per role. */
    readonly storage: readonly StorageQuotaMeta[];
    readonly rates: readonly (RateInput & { readonly name: string; readonly windowSeconds: number })[];
  };
  readonly screens: { readonly [name: string]: ScreenInput };
  readonly actions: { readonly [name: string]: ActionMeta };
  readonly permissions: PermissionMatrix;
  /** The spec's notifications, in declaration order. */
  readonly notifications: readonly NotificationMeta[];
}

/**
 * The client-facing form of an app: JSON-safe, with no functions and no private constants.
 * @example
 * const meta = clientMeta(app);
 * meta.entities.tickets?.states?.transitions.resolve?.from // ['open', 'pending']
 * 'handler' in meta.actions.assignToMe! // false
 */
export function clientMeta(app: App): ClientMeta {
  const entities = Object.fromEntries(
    Object.entries(app.entities).map(([name, e]) => [name, entityMeta(app, name, e)]),
  );

  const quotas = Object.entries(app.limits.quotas).map(
    ([name, q]): QuotaMeta => ({
      name,
      ...(q.description ? { description: q.description } : {}),
      entity: q.entity,
      owner: quotaKey(q),
      ...(q.roles ? { roles: q.roles } : {}),
      ...(q.where ? { where: ruleMeta(app, q.where, q.entity) } : {}),
      max: resolveNumber(app, q.max, `limits.quotas.${name}.max`),
      error: q.error ?? 'LIMIT_EXCEEDED',
    }),
  );

  const storage = Object.entries(app.limits.storage).map(
    ([name, q]): StorageQuotaMeta => ({
      name,
      ...(q.description ? { description: q.description } : {}),
      bytes: resolveNumber(app, q.bytes, `limits.storage.${name}.bytes`),
      ...(q.roles ? { roles: q.roles } : {}),
      per: q.per ?? 'owner',
      ...(q.entity ? { entity: q.entity } : {}),
      error: q.error ?? 'LIMIT_EXCEEDED',
    }),
  );

  return plainData<ClientMeta>({
    about: app.about,
    roles: Object.fromEntries(Object.entries(app.roles).map(([name, r]) => [name, roleMeta(r)])),
    entities,
    errors: app.errors,
    constants: Object.fromEntries(
      Object.entries(app.constants)
        .filter(([, c]) => c.public === true)
        .map(([name, c]) => [
          name,
          { value: c.value, ...(c.description ? { description: c.description } : {}) },
        ]),
    ),
    limits: {
      pageSize: app.limits.pageSize,
      bodyBytes: app.limits.bodyBytes,
      quotas,
      storage,
      rates: Object.entries(app.limits.rates).map(([name, r]) => ({ name, ...r })),
    },
    screens: app.screens,
    actions: Object.fromEntries(
      Object.entries(app.actions).map(([name, a]): [string, ActionMeta] => [
        name,
        {
          label: a.label ?? humanize(name),
          ...(a.description ? { description: a.description } : {}),
          who: whoMeta(app, a.who),
          input: a.input,
          output: a.output,
          errors: a.errors,
        },
      ]),
    ),
    permissions: permissionMatrix(app),
    notifications: Object.values(app.notifications).map(({ name, label }) => ({ name, label })),
  });
}

// Named one by one, so an option added to roles for the server alone is not sent by accident.
function roleMeta(r: RoleInput & { readonly label: string }): RoleMeta {
  const { label, description, signUp, admin, invitedBy, verifyEmail, service, apiKeys } = r;
  const meta = { label, description, signUp, admin, invitedBy, verifyEmail, service, apiKeys };
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)) as RoleMeta;
}

// A limit's maximum is a number or names a numeric constant; anything else is a spec the
// checker refuses, so meeting one here is a bug worth a loud failure.
function resolveNumber(
  app: App,
  max: number | { readonly kind: string; readonly name?: string },
  where: string,
) {
  if (typeof max === 'number') return max;
  const value = max.kind === 'const' && max.name ? app.constants[max.name]?.value : undefined;
  if (typeof value !== 'number') throw new TypeError(`${where}: not a number or a numeric constant`);
  return value;
}
