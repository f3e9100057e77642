/**
 * The types a client of an app speaks, all read off `typeof app`: records, inputs, filters,
 * sort keys, transitions, actions and error codes. Nothing is generated.
 */
import type { EntityName, FieldName, RecordOf, TransitionName } from '@ninefold/spec';

/** What the caller may do with a record now (sent with single-record answers). */
export interface Can<A, E extends EntityName<A>> {
  readonly update: readonly FieldName<A, E>[];
  readonly delete: boolean;
  readonly transitions: readonly TransitionName<A, E>[];
}

/** A record as the server answers it. */
export type Record$<A, E extends EntityName<A>> = RecordOf<A, E> & { readonly $can?: Can<A, E> };

type Scalar<V> = V extends readonly unknown[] ? never : V extends object ? never : V;
type FilterValue<V> = Scalar<NonNullable<V>> | (null extends V ? null : never);

/** A filter on one field: a value, or operators. */
export type FieldFilter<V> =
  | FilterValue<V>
  | {
      readonly eq?: FilterValue<V>;
      readonly ne?: FilterValue<V>;
      readonly lt?: Scalar<NonNullable<V>>;
      readonly lte?: Scalar<NonNullable<V>>;
      readonly gt?: Scalar<NonNullable<V>>;
      readonly gte?: Scalar<NonNullable<V>>;
      readonly in?: readonly Scalar<NonNullable<V>>[];
      readonly contains?: NonNullable<V> extends string ? string : never;
    };

/** Filters on an entity's scalar fields. @example { status: 'open', priority: { in: ['high', 'urgent'] } } */
export type Where<A, E extends EntityName<A>> = {
  readonly [K in keyof RecordOf<A, E> as [Scalar<NonNullable<RecordOf<A, E>[K]>>] extends [never]
    ? never
    : K]?: FieldFilter<RecordOf<A, E>[K]>;
};

/** A sort key: a field, ascending, or `-field`, descending. */
export type Sort<A, E extends EntityName<A>> = FieldName<A, E> | `-${FieldName<A, E>}`;

export interface ListOptions<A, E extends EntityName<A>> {
  readonly where?: Where<A, E>;
  readonly sort?: Sort<A, E>;
  readonly limit?: number;
  readonly cursor?: string | null;
}

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}
