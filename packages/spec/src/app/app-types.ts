/**
 * Type helpers over a defined app: what the client SDK, the hooks and app code use to name
 * an app's records, inputs, transitions, actions and errors.
 */

import type { ParamsOf } from '../errors/message-template';
import type { Fields, StateField } from '../fields/field';
import type { InputOf, PatchOf, RecordOfFields, ValuesOf } from '../fields/field-value';
import type { ActionNode } from './action';
import type { App, AppTypes } from './define-app';
import type { EntityDef, TransitionInputsOf } from './entity';

/** The inferred facts of an app. */
export type TypesOfApp<A> = A extends App<infer T> ? T : never;
type Ents<A> = TypesOfApp<A>['entities'];
type FieldsOfEntity<E> = E extends EntityDef<infer F, any> ? F : never;

/** The app's entity names. @example type N = EntityName<typeof app> // 'users' | 'tickets' | … */
export type EntityName<A> = keyof Ents<A> & string;
/** An entity's fields. */
export type EntityFields<A, E extends EntityName<A>> = FieldsOfEntity<Ents<A>[E]>;
/** A stored record. @example type Ticket = RecordOf<typeof app, 'tickets'> */
export type RecordOf<A, E extends EntityName<A>> = RecordOfFields<EntityFields<A, E>>;
/** What a create accepts. */
export type CreateInput<A, E extends EntityName<A>> = InputOf<EntityFields<A, E>>;
/** What an update accepts. */
export type UpdateInput<A, E extends EntityName<A>> = PatchOf<EntityFields<A, E>>;
/** An entity's field names. */
export type FieldName<A, E extends EntityName<A>> = keyof RecordOf<A, E> & string;
/** An entity's transition names. @example type T = TransitionName<typeof app, 'tickets'> // 'triage' | … */
export type TransitionName<A, E extends EntityName<A>> = keyof TransitionInputsOf<Ents<A>[E]> & string;
/** What a transition accepts. */
export type TransitionInput<A, E extends EntityName<A>, T extends TransitionName<A, E>> = TransitionInputsOf<
  Ents<A>[E]
>[T] extends infer I extends Fields
  ? InputOf<I>
  : never;
// An untyped app (`any`, as the generic UI uses) names states with plain strings.
type IsAny<T> = 0 extends 1 & T ? true : false;
type StateFieldKey<A, E extends EntityName<A>> = {
  [K in keyof EntityFields<A, E>]: EntityFields<A, E>[K] extends StateField ? K : never;
}[keyof EntityFields<A, E>] &
  string;
/** An entity's state field (never when it has no state machine). @example StateFieldOf<typeof app, 'tickets'> // 'status' */
export type StateFieldOf<A, E extends EntityName<A>> = IsAny<A> extends true ? string : StateFieldKey<A, E>;
/** An entity's state names. @example type S = StateName<typeof app, 'tickets'> // 'new' | 'open' | … */
export type StateName<A, E extends EntityName<A>> =
  IsAny<A> extends true
    ? string
    : [StateFieldKey<A, E>] extends [never]
      ? never
      : EntityFields<A, E>[StateFieldKey<A, E>] extends { readonly values: readonly (infer S)[] }
        ? S & string
        : never;
/** The app's quota names. @example type Q = QuotaName<typeof app> // 'openTickets' */
export type QuotaName<A> = TypesOfApp<A>['quotas'];
/** The app's role names. */
export type RoleName<A> = TypesOfApp<A>['roles'];
/** The app's action names. */
export type ActionName<A> = keyof TypesOfApp<A>['actions'] & string;
/** What an action accepts. */
export type ActionInputOf<A, N extends ActionName<A>> =
  TypesOfApp<A>['actions'][N] extends ActionNode<infer I, any> ? InputOf<I> : never;
/** What an action answers. */
export type ActionOutputOf<A, N extends ActionName<A>> =
  TypesOfApp<A>['actions'][N] extends ActionNode<any, infer O> ? ValuesOf<O> : never;
/** Every error code of the app, built-in and declared. @example ErrorCode<typeof app> // 'NOT_FOUND' | 'OPEN_TICKET_LIMIT' | … */
export type ErrorCode<A> = keyof TypesOfApp<A>['errors'] & string;
/** The parameters of an error code's message. */
export type ErrorParams<A, C extends ErrorCode<A>> = ParamsOf<
  TypesOfApp<A>['errors'][C] & string,
  C extends keyof TypesOfApp<A>['errorParams'] ? TypesOfApp<A>['errorParams'][C] : {}
>;

export type { AppTypes };
