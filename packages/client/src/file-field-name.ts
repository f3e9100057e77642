/**
 * The names of an entity's file fields, read off the app's spec: `client.files` takes only
 * these (a file goes up through its own route, never through a create or a patch).
 */
import type { EntityFields, EntityName } from '@ninefold/spec';

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * An entity's file fields (`f.file()` and `f.files()`); any string for an untyped app.
 * @example type F = FileFieldName<typeof app, 'tickets'> // 'attachments'
 */
export type FileFieldName<A, E extends EntityName<A>> =
  IsAny<A> extends true
    ? string
    : {
        [K in keyof EntityFields<A, E>]: EntityFields<A, E>[K] extends { readonly type: 'file' | 'files' }
          ? K
          : never;
      }[keyof EntityFields<A, E>] &
        string;

/**
 * The entities that have a file field.
 * @example type E = FileEntityName<typeof app> // 'tickets' | 'comments'
 */
export type FileEntityName<A> = {
  [E in EntityName<A>]: [FileFieldName<A, E>] extends [never] ? never : E;
}[EntityName<A>];
