/**
 * The types a client of an app speaks, all read off `typeof app`: records, inputs, filters,
 * sort keys, transitions, actions and error codes. Nothing is generated.
 */
import type { EntityName, FieldName, Page, RecordCan, RecordOf, TransitionName } from '@ninefold/spec';
import type { RefFieldName } from './expand-types';

export type { Page };

/** What the caller may do with a record now (sent with single-record answers), typed by the app. */
export type Can<A, E extends EntityName<A>> = RecordCan<FieldName<A, E>, TransitionName<A, E>>;

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

/**
 * A list's filters, order and paging; `count` adds the total the caller may read, `search`
 * ranks by the spec's searchable fields, `expand` inlines referenced records.
 * @example const opts: ListOptions<typeof app, 'tickets'> = { where: { status: 'open' }, count: true, expand: ['assignee'] };
 */
export interface ListOptions<A, E extends EntityName<A>> {
  readonly where?: Where<A, E>;
  readonly sort?: Sort<A, E>;
  readonly limit?: number;
  readonly cursor?: string | null;
  readonly count?: boolean;
  readonly search?: string;
  readonly expand?: readonly RefFieldName<A, E>[];
}

/** What every call takes besides its own arguments. */
export interface CallOptions {
  /** Aborts the call: it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** The audit log's filters and paging (`GET /api/audit`). */
export interface AuditQuery {
  readonly entity?: string;
  readonly recordId?: string;
  readonly actor?: string;
  readonly operation?: 'create' | 'update' | 'delete' | 'transition' | 'action';
  /** A day (`2025-03-01`) or a time with its zone; `to` is exclusive. */
  readonly from?: string;
  readonly to?: string;
  readonly limit?: number;
  readonly cursor?: string | null;
}
