/**
 * `defineApp()`: the whole product spec in nine points, as one typed value.
 */

import { BUILTIN_ERRORS, type BuiltinErrorCode } from '../errors/builtin-errors';
import { type ParamKinds, templateParams } from '../errors/message-template';
import type { Fields } from '../fields/field';
import { ACCOUNT_CONSTANTS } from '../messages/builtin-messages';
import { type MessageInput, type MessageNode, messageNodes } from '../messages/message-node';
import type { Literal } from '../rules/expr';
import type { ActionNode } from './action';
import { type AutomationInput, type AutomationNode, automationNode } from './automation';
import { type BuiltinUserFields, builtinUserFields, usersEntity } from './builtin-users';
import { deepFreeze, type EntityDef, type EntityNode } from './entity';
import { DEFAULT_LIMITS, type LimitsInput, type LimitsNode, windowSeconds } from './limits';
import { nullPrototypeTree } from './null-prototype-tree';
import type { ScreenInput } from './screens';

/** Point 1: what the product does, and for whom. */
export interface AboutInput {
  readonly name: string;
  readonly summary: string;
  /** Who uses it, in a sentence, or a sentence per role. */
  readonly audience: string | { readonly [role: string]: string };
}

export interface RoleInput {
  readonly label?: string;
  readonly description?: string;
  /** People may sign themselves up with this role; the first such role is the default. */
  readonly signUp?: boolean;
  /** Administers the app: allowed every operation no rule names it in, and the admin console. */
  readonly admin?: boolean;
  /**
   * Roles whose members may invite people into this one (admin roles always may). An invited
   * person sets their own password from the link in the invitation.
   * @example agent: { invitedBy: ['lead'] }
   */
  readonly invitedBy?: readonly string[];
  /**
   * Accounts of this role prove their email address. Until then they read what the role may
   * read and every write answers EMAIL_NOT_VERIFIED (`true`), or they act as another role,
   * whose rules, actions and screens say exactly what an unverified account may do (`actAs`).
   * @example customer: { signUp: true, verifyEmail: { actAs: 'visitor' } }
   */
  readonly verifyEmail?: boolean | { readonly actAs: string };
  /**
   * Accounts of this role are integrations, not people: they have no password and never sign
   * in; an admin gives them API keys.
   */
  readonly service?: boolean;
  /**
   * API keys of this role's accounts: `false` for none; `roles` names narrower roles a key
   * may act as instead of its owner's (default: the owner's role only).
   * @example agent: { apiKeys: { roles: ['reporter'] } }
   */
  readonly apiKeys?: false | { readonly roles?: readonly string[] };
}

export interface ConstantInput {
  readonly value: Literal;
  readonly description?: string;
  /** Sent to clients in `/api/meta` (default false). */
  readonly public?: boolean;
}

export interface ErrorInput {
  readonly status: number;
  /** The message, with `{param}` placeholders. */
  readonly message: string;
  /** The types of its placeholders, where known (default `string | number`): `{ max: 'number' }`. */
  readonly params?: ParamKinds;
  readonly description?: string;
}

export interface ErrorNode {
  readonly code: string;
  readonly status: number;
  readonly message: string;
  readonly params: readonly string[];
  /** The declared types of some or all params. */
  readonly paramKinds: ParamKinds;
  readonly builtin: boolean;
  readonly description?: string;
}

/** The pseudo-role of a caller who is not signed in. */
export const ANONYMOUS = 'anonymous';

export interface AppInput<R, C, Er, E, A, L extends LimitsInput = LimitsInput> extends AutomationInput {
  readonly about: AboutInput;
  readonly roles: R;
  readonly constants?: C;
  readonly errors?: Er;
  /** The mail the app sends: the account flows' (reworded here) and its own. */
  readonly messages?: { readonly [name: string]: MessageInput };
  readonly entities: E;
  readonly actions?: A;
  readonly limits?: L;
  readonly screens?: { readonly [name: string]: ScreenInput };
}

declare const appTypes: unique symbol;

/** The type-level facts of an app, read by the client, the hooks and the helpers below. */
export interface AppTypes {
  roles: string;
  errors: { [code: string]: string };
  /** Per error code, the declared types of its params. */
  errorParams: { [code: string]: ParamKinds };
  entities: { [name: string]: EntityDef };
  actions: { [name: string]: ActionNode<any, any> };
  /** The names of the declared quotas. */
  quotas: string;
}

/** A defined app: normalized plain data, plus its inferred types. */
export interface App<T extends AppTypes = AppTypes> extends AutomationNode {
  readonly kind: 'app';
  readonly about: AboutInput;
  readonly roles: { readonly [name: string]: RoleInput & { readonly label: string } };
  readonly constants: { readonly [name: string]: ConstantInput };
  readonly errors: { readonly [code: string]: ErrorNode };
  /** Built-in account messages, replaced or joined by the app's own. */
  readonly messages: { readonly [name: string]: MessageNode };
  readonly entities: { readonly [name: string]: EntityNode };
  readonly actions: { readonly [name: string]: ActionNode<Fields, Fields> };
  readonly limits: LimitsNode;
  readonly screens: { readonly [name: string]: ScreenInput };
  readonly [appTypes]?: T;
}

type UsersDef<R extends string, E> = E extends { users: EntityDef<infer F, infer TI> }
  ? EntityDef<F & BuiltinUserFields<R>, TI>
  : EntityDef<BuiltinUserFields<R>, {}>;

type TypesOf<R, Er, E, A, L> = {
  roles: keyof R & string;
  errors: {
    [K in keyof Er | BuiltinErrorCode]: K extends keyof Er
      ? Er[K] extends { message: infer M extends string }
        ? M
        : string
      : K extends BuiltinErrorCode
        ? (typeof BUILTIN_ERRORS)[K]['message']
        : string;
  };
  errorParams: {
    [K in keyof Er | BuiltinErrorCode]: K extends keyof Er
      ? Er[K] extends { params: infer P extends ParamKinds }
        ? P
        : {}
      : K extends BuiltinErrorCode
        ? (typeof BUILTIN_ERRORS)[K] extends { params: infer P extends ParamKinds }
          ? P
          : {}
        : {};
  };
  entities: Omit<E, 'users'> & { users: UsersDef<keyof R & string, E> };
  actions: A extends { [name: string]: ActionNode<any, any> } ? A : {};
  quotas: L extends { readonly quotas: infer Q } ? keyof Q & string : never;
};

function label(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Defines an app. The result is plain data (what the checker, the server and `/api/meta`
 * read) whose type carries every entity, field, transition, action and error code.
 * @example
 * export default defineApp({
 *   about: { name: 'Helpdesk', summary: 'A support desk.', audience: 'Customers and agents.' },
 *   roles: { customer: { signUp: true }, agent: {}, admin: { admin: true } },
 *   errors: { TICKET_CLOSED: { status: 409, message: 'This ticket is closed.' } },
 *   entities: { tickets: entity({ fields: { subject: f.text({ min: 5 }) } }) },
 * });
 */
export function defineApp<
  const R extends { readonly [role: string]: RoleInput },
  const C extends { readonly [name: string]: ConstantInput } = {},
  const Er extends { readonly [code: string]: ErrorInput } = {},
  const E extends { readonly [name: string]: EntityDef } = {},
  const A extends { readonly [name: string]: ActionNode<any, any> } = {},
  const L extends LimitsInput = {},
>(spec: AppInput<R, C, Er, E, A, L>): App<TypesOf<R, Er, E, A, L>> {
  const roleNames = Object.keys(spec.roles);
  const errors: Record<string, ErrorNode> = {};
  for (const [code, e] of Object.entries(BUILTIN_ERRORS)) {
    errors[code] = {
      code,
      status: e.status,
      message: e.message,
      params: templateParams(e.message),
      paramKinds: 'params' in e ? e.params : {},
      builtin: true,
    };
  }
  for (const [code, e] of Object.entries((spec.errors ?? {}) as Record<string, ErrorInput>)) {
    errors[code] = {
      code,
      status: e.status,
      message: e.message,
      params: templateParams(e.message),
      paramKinds: e.params ?? {},
      builtin: false,
      ...(e.description ? { description: e.description } : {}),
    };
  }
  const declared = spec.entities as Record<string, EntityDef>;
  const adminRoles = Object.entries(spec.roles as Record<string, RoleInput>).flatMap(([n, r]) =>
    r.admin ? [n] : [],
  );
  const entities: Record<string, EntityNode> = { users: usersEntity(roleNames, adminRoles, declared.users) };
  for (const [name, e] of Object.entries(declared)) if (name !== 'users') entities[name] = e;
  const limits: LimitsInput = spec.limits ?? {};
  const app = {
    kind: 'app' as const,
    about: spec.about,
    roles: Object.fromEntries(
      Object.entries(spec.roles as Record<string, RoleInput>).map(([n, r]) => [
        n,
        { ...r, label: r.label ?? label(n) },
      ]),
    ),
    // The account flows' link lifetimes are constants an app may override.
    constants: { ...ACCOUNT_CONSTANTS, ...spec.constants } as Record<string, ConstantInput>,
    errors,
    messages: messageNodes(spec.messages),
    entities,
    actions: (spec.actions ?? {}) as Record<string, ActionNode<Fields, Fields>>,
    limits: {
      pageSize: limits.pageSize ?? DEFAULT_LIMITS.pageSize,
      bodyBytes: limits.bodyBytes ?? DEFAULT_LIMITS.bodyBytes,
      quotas: limits.quotas ?? {},
      storage: limits.storage ?? {},
      rates: Object.fromEntries(
        Object.entries(limits.rates ?? {}).map(([n, r]) => [
          n,
          { ...r, windowSeconds: windowSeconds(r.window) },
        ]),
      ),
    },
    screens: spec.screens ?? {},
    ...automationNode(spec),
  };
  // Every map is looked up by names from requests: none may reach Object.prototype.
  return deepFreeze(nullPrototypeTree(app)) as App<TypesOf<R, Er, E, A, L>>;
}

export { builtinUserFields };
