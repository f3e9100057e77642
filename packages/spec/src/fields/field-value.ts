/**
 * Type-level reading of field nodes: the value a field holds, the record an entity stores,
 * and the inputs a create or update accepts.
 */
import type { FileRef } from '../contract/file-wire';
import type { Field, Fields } from './field';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The value a field holds, without null. */
export type BaseValueOf<F> = F extends {
  type: 'text' | 'longText' | 'email' | 'url' | 'datetime' | 'date' | 'ref';
}
  ? string
  : F extends { type: 'integer'; choices: readonly (infer C extends number)[] }
    ? C
    : F extends { type: 'integer' | 'number' }
      ? number
      : F extends { type: 'boolean' }
        ? boolean
        : F extends { type: 'enum' | 'state'; values: readonly (infer V)[] }
          ? V
          : F extends { type: 'list'; of: infer I }
            ? BaseValueOf<I>[]
            : F extends { type: 'object'; fields: infer O extends Fields }
              ? ValuesOf<O>
              : F extends { type: 'map'; of: infer V }
                ? Record<string, ValueOf<V>>
                : F extends { type: 'file' }
                  ? FileRef | null
                  : F extends { type: 'files' }
                    ? FileRef[]
                    : unknown;

/** The value a field holds, with null where it is optional. */
export type ValueOf<F> = F extends { optional: true } ? BaseValueOf<F> | null : BaseValueOf<F>;

/** Every field's value, as an object. */
export type ValuesOf<F extends Fields> = Simplify<{ -readonly [K in keyof F]: ValueOf<F[K]> }>;

/** Fields the server alone sets: read-only, computed, or holding files (set by uploads). */
export type ServerSetKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readOnly: true }
    ? K
    : F[K] extends { computed: object }
      ? K
      : F[K] extends { type: 'file' | 'files' }
        ? K
        : never;
}[keyof F];

type MayOmit<Fd> = Fd extends { optional: true } ? true : Fd extends { default: unknown } ? true : false;

/** What a create accepts: required fields, and optional ones with a default or null. */
export type InputOf<F extends Fields> = Simplify<
  {
    -readonly [K in Exclude<keyof F, ServerSetKeys<F>> as MayOmit<F[K]> extends true ? never : K]: ValueOf<
      F[K]
    >;
  } & {
    -readonly [K in Exclude<keyof F, ServerSetKeys<F>> as MayOmit<F[K]> extends true ? K : never]?: ValueOf<
      F[K]
    >;
  }
>;

/** What an update accepts: any writable, mutable field. */
export type PatchOf<F extends Fields> = Simplify<{
  -readonly [K in Exclude<keyof F, ServerSetKeys<F>> as F[K] extends { immutable: true }
    ? never
    : K]?: ValueOf<F[K]>;
}>;

/** The fields every record carries. */
export interface SystemValues {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A stored record of an entity with the fields `F`. */
export type RecordOfFields<F extends Fields> = Simplify<SystemValues & ValuesOf<F>>;

export type { Field };
