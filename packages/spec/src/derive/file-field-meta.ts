/**
 * A file field as `/api/meta` sends it: its limits with the defaults applied, so a form can
 * refuse a file that is too large, of a type the field does not take, or one too many before
 * it uploads anything (the server judges again, from the content).
 */
import {
  DEFAULT_FILE_BYTES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_PIXELS,
  type Field,
  type Fields,
  type FileField,
  type FilesField,
  isFileField,
} from '../fields/field';

/**
 * One file field with `maxBytes`, `maxPixels` and (many files) `max` filled in; `accept` and
 * `variants` (by name) as declared — no `accept` takes any type.
 * @example fileFieldMeta(f.files({ max: 5 })) // { kind: 'field', type: 'files', max: 5, maxBytes: 10485760, maxPixels: 40000000 }
 */
export function fileFieldMeta<F extends FileField | FilesField>(field: F): F {
  return {
    ...field,
    maxBytes: field.maxBytes ?? DEFAULT_FILE_BYTES,
    maxPixels: field.maxPixels ?? DEFAULT_MAX_PIXELS,
    ...(field.type === 'files' ? { max: (field as FilesField).max ?? DEFAULT_MAX_FILES } : {}),
  };
}

/**
 * An entity's fields for the client: file fields with their limits filled in, the rest as
 * they are.
 * @example fieldsMeta(app.entities.tickets!.fields).attachments // { …, max: 5, maxBytes: 10485760, … }
 */
export function fieldsMeta(fields: Fields): Fields {
  if (!Object.values(fields).some(isFileField)) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, f]): [string, Field] => [name, isFileField(f) ? fileFieldMeta(f) : f]),
  );
}
