/**
 * Field nodes: the typed columns of an entity, the inputs of transitions and actions, and
 * the outputs of actions. Each builder takes one options object and returns it as frozen
 * data, keeping its literal type so records, inputs and defaults are inferred exactly.
 */
import type { Expr, Literal } from '../rules/expr';
import type { Rule } from '../rules/rule';

/** Options every field accepts. */
export interface FieldOptions {
  /** Shown in forms, tables and the admin console. */
  readonly label?: string;
  readonly description?: string;
  /** May be null, and may be left out of a create. */
  readonly optional?: boolean;
  /** A constant, or an expression such as `now()` or `caller('id')`, applied on create. */
  readonly default?: Literal | Expr<string>;
  /** No two records share a value (enforced by a unique index). */
  readonly unique?: boolean;
  /** Worth an index for filtering and sorting. */
  readonly index?: boolean;
  /** Set on create, never changed afterwards. */
  readonly immutable?: boolean;
  /** Set only by the server (defaults, transitions, handlers); a write naming it is refused. */
  readonly readOnly?: boolean;
  /** Recomputed by the server on every write from the record's other fields; read-only. */
  readonly computed?: Expr<string>;
}

export interface TextOptions extends FieldOptions {
  readonly min?: number;
  readonly max?: number;
  /** A regular expression (source only) the whole value must match. */
  readonly pattern?: string;
}
export interface NumberOptions extends FieldOptions {
  readonly min?: number;
  readonly max?: number;
}
export interface IntegerOptions extends NumberOptions {
  /** The only values allowed (durations of 15, 30, 45 or 60 minutes); shown as a choice. */
  readonly choices?: readonly number[];
}
export interface RefOptions extends FieldOptions {
  /** A rule the referenced record must satisfy, written over its own fields. */
  readonly where?: Rule<string>;
  /** The error code when `where` fails (default VALIDATION_FAILED). */
  readonly error?: string;
  /** What deleting the referenced record does to this one. */
  readonly onDelete?: 'restrict' | 'cascade' | 'setNull';
}
export interface ListOptions extends FieldOptions {
  readonly max?: number;
}

/**
 * An image variant made on demand from an uploaded image and cached: a thumbnail, a preview.
 * `fit` as sharp's (`cover` crops to fill, `inside` keeps the whole image within the box).
 */
export interface ImageVariant {
  readonly width: number;
  readonly height: number;
  readonly fit?: 'cover' | 'contain' | 'inside';
  /** The variant's encoding (default webp). */
  readonly format?: 'webp' | 'jpeg' | 'png';
}

/**
 * The options of a file field. A file field is never written through a create or a patch:
 * files go up through `POST /api/entities/{entity}/{id}/files/{field}`, which judges the
 * caller as an update of this field would be judged.
 */
export interface FileOptions {
  readonly label?: string;
  readonly description?: string;
  /** The largest file, in bytes (default `DEFAULT_FILE_BYTES`, 10 MiB). */
  readonly maxBytes?: number;
  /**
   * The types accepted, as decided from the content (never the name): exact (`application/pdf`)
   * or a family (`image/*`). Default: any.
   */
  readonly accept?: readonly string[];
  /** The most pixels an uploaded image may have (default `DEFAULT_MAX_PIXELS`, 40 megapixels). */
  readonly maxPixels?: number;
  /** Variants of an uploaded image, by name: `?variant=thumb` downloads one. */
  readonly variants?: { readonly [name: string]: ImageVariant };
}
export interface FilesOptions extends FileOptions {
  /** The most files the field holds (default `DEFAULT_MAX_FILES`, 10). */
  readonly max?: number;
}

/** The largest file a file field accepts when it names no `maxBytes`: 10 MiB. */
export const DEFAULT_FILE_BYTES = 10 * 1_048_576;
/** The most pixels an uploaded image may have when its field names no `maxPixels`. */
export const DEFAULT_MAX_PIXELS = 40_000_000;
/** The most files a many-files field holds when it names no `max`. */
export const DEFAULT_MAX_FILES = 10;

export type ScalarType =
  | 'text'
  | 'longText'
  | 'email'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'datetime'
  | 'date'
  | 'url'
  | 'ref';
export type FieldType = ScalarType | 'list' | 'object' | 'map' | 'state' | FileType;
/** The file field types: one file (`file`, null until one is uploaded) or many (`files`). */
export type FileType = 'file' | 'files';

interface Tagged<T extends FieldType> {
  readonly kind: 'field';
  readonly type: T;
}

export type TextField = Tagged<'text' | 'longText' | 'email' | 'url'> & TextOptions;
export type NumberField = Tagged<'integer' | 'number'> & IntegerOptions;
export type BooleanField = Tagged<'boolean'> & FieldOptions;
export type DatetimeField = Tagged<'datetime'> & FieldOptions;
/** A calendar date with no time or zone, `YYYY-MM-DD`; `min`/`max` bound it the same way. */
export type DateField = Tagged<'date'> & FieldOptions & { readonly min?: string; readonly max?: string };
export type EnumField<V extends string = string> = Tagged<'enum'> &
  FieldOptions & { readonly values: readonly V[] };
export type RefField<E extends string = string> = Tagged<'ref'> & RefOptions & { readonly entity: E };
export type StateField<S extends string = string> = Tagged<'state'> &
  FieldOptions & { readonly values: readonly S[] };
export type ScalarField =
  | TextField
  | NumberField
  | BooleanField
  | DatetimeField
  | DateField
  | EnumField
  | RefField;
export type ListField<I extends ScalarField = ScalarField> = Tagged<'list'> &
  ListOptions & { readonly of: I };
export type ObjectField<F extends Fields = Fields> = Tagged<'object'> & FieldOptions & { readonly fields: F };
export type MapField<V extends Field = Field> = Tagged<'map'> & FieldOptions & { readonly of: V };
/**
 * One file or many, on an entity. Plain options only: no default, unique, index, computed or
 * immutable (the checker refuses them); `optional`/`readOnly` are implied.
 */
export type FileField = Tagged<'file'> & FileOptions & FieldOptions;
export type FilesField = Tagged<'files'> & FilesOptions & FieldOptions;

/** Any field node. */
export type Field =
  | ScalarField
  | ListField
  | StateField
  | ObjectField<any>
  | MapField<any>
  | FileField
  | FilesField;
/** A named set of fields: an entity's columns, or a transition's or action's input. */
export type Fields = { readonly [name: string]: Field };

// NoInfer: a builder called without options inside `Fields` must not take its options type
// from that context (it would widen `of`/`fields` to any and every value to unknown).
function make<T extends FieldType, O extends object, X extends object>(
  type: T,
  options: O,
  extra: X,
): NoInfer<Readonly<Omit<O, keyof X | 'kind' | 'type'> & X & { kind: 'field'; type: T }>> {
  return Object.freeze({ ...options, ...extra, kind: 'field' as const, type });
}

/**
 * The field builders.
 * @example
 * const fields = {
 *   subject: f.text({ min: 5, max: 120 }),
 *   priority: f.enum(['low', 'normal', 'high', 'urgent'], { default: 'normal' }),
 *   assignee: f.ref('users', { optional: true, where: eq('role', 'agent') }),
 *   tags: f.list(f.text({ min: 1, max: 20 }), { max: 5, default: [] }),
 * };
 */
export const f = {
  /** Single-line text. */
  text: <const O extends TextOptions = {}>(options: O = {} as O) => make('text', options, {}),
  /** Multi-line text (markdown where the UI renders it). */
  longText: <const O extends TextOptions = {}>(options: O = {} as O) => make('longText', options, {}),
  /** An email address, stored lower-cased. */
  email: <const O extends TextOptions = {}>(options: O = {} as O) => make('email', options, {}),
  /** An absolute `http:` or `https:` URL. */
  url: <const O extends TextOptions = {}>(options: O = {} as O) => make('url', options, {}),
  /** A whole number; with `choices`, one of them. */
  integer: <const O extends IntegerOptions = {}>(options: O = {} as O) => make('integer', options, {}),
  /** A number. */
  number: <const O extends NumberOptions = {}>(options: O = {} as O) => make('number', options, {}),
  /** True or false. */
  boolean: <const O extends FieldOptions = {}>(options: O = {} as O) => make('boolean', options, {}),
  /** An instant, as an ISO-8601 string in UTC. */
  datetime: <const O extends FieldOptions = {}>(options: O = {} as O) => make('datetime', options, {}),
  /** A calendar date with no time, `YYYY-MM-DD` (a birthday, a due date). */
  date: <const O extends FieldOptions & { readonly min?: string; readonly max?: string } = {}>(
    options: O = {} as O,
  ) => make('date', options, {}),
  /** One of a closed set of strings. */
  enum: <const V extends string, const O extends FieldOptions & { readonly default?: NoInfer<V> } = {}>(
    values: readonly V[],
    options: O = {} as O,
  ) => make('enum', options, { values }),
  /** The id of a record of another entity. */
  ref: <const E extends string, const O extends RefOptions = {}>(entity: E, options: O = {} as O) =>
    make('ref', options, { entity }),
  /** A list of scalar values. */
  list: <const I extends ScalarField, const O extends ListOptions = {}>(of: I, options: O = {} as O) =>
    make('list', options, { of }),
  /** A nested object (action inputs and outputs only). */
  object: <const F extends Fields, const O extends FieldOptions = {}>(fields: F, options: O = {} as O) =>
    make('object', options, { fields }),
  /** A map from string keys to values (action outputs only). */
  map: <const V extends Field, const O extends FieldOptions = {}>(of: V, options: O = {} as O) =>
    make('map', options, { of }),
  /**
   * One file (entities only): null until uploaded; an upload replaces it.
   * @example avatar: f.file({ accept: ['image/*'], maxBytes: 2_000_000, variants: { thumb: { width: 96, height: 96, fit: 'cover' } } })
   */
  file: <const O extends FileOptions = {}>(options: O = {} as O) => make('file', options, {}),
  /**
   * Many files (entities only), in upload order; at most `max`.
   * @example attachments: f.files({ max: 5, maxBytes: 10_000_000, accept: ['image/*', 'application/pdf'] })
   */
  files: <const O extends FilesOptions = {}>(options: O = {} as O) => make('files', options, {}),
};

/**
 * Whether a field holds files (written only through the files route).
 * @example isFileField(f.files()) // true
 */
export function isFileField(field: Field): field is FileField | FilesField {
  return field.type === 'file' || field.type === 'files';
}

/** True when `v` is a field node. */
export function isField(v: unknown): v is Field {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'field';
}

/** The system fields every record carries, in answer order. */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'version'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];
