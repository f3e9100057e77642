/**
 * The types of `expand`: which fields of an entity are references, the entity each points
 * at, and the `$expand` an answer carries — only for the names asked, each the referenced
 * entity's record type, or null (none, or not readable by the caller).
 */
import type { EntityFields, EntityName, RecordOf } from '@ninefold/spec';

/**
 * An entity's reference fields.
 * @example type R = RefFieldName<typeof app, 'tickets'> // 'requester' | 'assignee' | 'team'
 */
export type RefFieldName<A, E extends EntityName<A>> = {
  [K in keyof EntityFields<A, E>]: EntityFields<A, E>[K] extends { readonly type: 'ref' } ? K : never;
}[keyof EntityFields<A, E>] &
  string;

/**
 * The entity a reference field points at.
 * @example type T = RefTarget<typeof app, 'tickets', 'assignee'> // 'users'
 */
export type RefTarget<A, E extends EntityName<A>, K extends RefFieldName<A, E>> = EntityFields<
  A,
  E
>[K] extends { readonly entity: infer T extends EntityName<A> }
  ? T
  : never;

/**
 * What `expand` adds to a record: nothing when no field is asked for.
 * @example type T = ExpandedOf<typeof app, 'tickets', 'assignee'> // { $expand: { assignee: User | null } }
 */
export type ExpandedOf<A, E extends EntityName<A>, X extends string> = [X] extends [never]
  ? unknown
  : {
      readonly $expand: {
        readonly [K in X & RefFieldName<A, E>]: RecordOf<A, RefTarget<A, E, K>> | null;
      };
    };

/**
 * A record of a list answer, with the `$expand` of the fields asked for.
 * @example const t: ListItem<typeof app, 'tickets', 'assignee'> = page.items[0]!;
 */
export type ListItem<A, E extends EntityName<A>, X extends string = never> = RecordOf<A, E> &
  ExpandedOf<A, E, X>;
