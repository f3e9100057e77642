/**
 * The types of `client.aggregate`: which fields a query may group by and aggregate, and the
 * groups it answers, typed by the fields and functions asked for.
 */
import type { EntityName, FieldName, RecordOf } from '@ninefold/spec';
import type { Where } from './client-types';

type Rec<A, E extends EntityName<A>> = RecordOf<A, E>;

/**
 * Fields whose values are numbers: what `sum` and `avg` take.
 * @example type N = NumericFieldName<typeof app, 'tickets'> // 'satisfaction' | 'version'
 */
export type NumericFieldName<A, E extends EntityName<A>> = {
  [K in keyof Rec<A, E>]: [NonNullable<Rec<A, E>[K]>] extends [number] ? K : never;
}[keyof Rec<A, E>] &
  string;

/**
 * Fields with an order: numbers, and strings (text, times, dates) — what `min` and `max` take.
 * @example type O = OrderedFieldName<typeof app, 'tickets'> // 'subject' | 'dueAt' | 'satisfaction' | …
 */
export type OrderedFieldName<A, E extends EntityName<A>> = {
  [K in keyof Rec<A, E>]: [NonNullable<Rec<A, E>[K]>] extends [number | string] ? K : never;
}[keyof Rec<A, E>] &
  string;

/**
 * What an aggregate asks for: the fields to group by, the functions to compute, the filters.
 * @example const q: AggregateQuery<typeof app, 'tickets'> = { groupBy: ['status'], count: true };
 */
export interface AggregateQuery<A, E extends EntityName<A>> {
  readonly groupBy?: readonly FieldName<A, E>[];
  readonly count?: boolean;
  readonly sum?: readonly NumericFieldName<A, E>[];
  readonly avg?: readonly NumericFieldName<A, E>[];
  readonly min?: readonly OrderedFieldName<A, E>[];
  readonly max?: readonly OrderedFieldName<A, E>[];
  readonly where?: Where<A, E>;
}

type Names<L> = L extends readonly (infer K)[] ? K & string : never;
type Asked<Q, P extends string> = Names<Q extends { readonly [_ in P]?: infer L } ? L : never>;
type Numbers<P extends string, K extends string> = [K] extends [never]
  ? unknown
  : { readonly [_ in P]: { readonly [F in K]: number | null } };
type Extremes<A, E extends EntityName<A>, P extends string, K extends string> = [K] extends [never]
  ? unknown
  : { readonly [_ in P]: { readonly [F in K & keyof Rec<A, E>]: NonNullable<Rec<A, E>[F]> | null } };

/**
 * One group of an aggregate's answer, typed by the query: the key has the grouping fields'
 * types, `count` is there when asked, each function holds the fields it was asked for (null
 * over a group with no values).
 * @example const g: AggregateGroupOf<typeof app, 'tickets', { groupBy: ['status']; count: true }> = answer.groups[0]!;
 */
export type AggregateGroupOf<A, E extends EntityName<A>, Q> = {
  readonly key: { readonly [F in Asked<Q, 'groupBy'> & keyof Rec<A, E>]: Rec<A, E>[F] };
} & (Q extends { readonly count: true } ? { readonly count: number } : unknown) &
  Numbers<'sum', Asked<Q, 'sum'>> &
  Numbers<'avg', Asked<Q, 'avg'>> &
  Extremes<A, E, 'min', Asked<Q, 'min'>> &
  Extremes<A, E, 'max', Asked<Q, 'max'>>;

/**
 * An aggregate's answer, typed by the query.
 * @example const { groups } = await client.aggregate('tickets', { groupBy: ['status'], count: true });
 */
export interface AggregateAnswerOf<A, E extends EntityName<A>, Q> {
  readonly groups: readonly AggregateGroupOf<A, E, Q>[];
}
