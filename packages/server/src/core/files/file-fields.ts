/**
 * The file fields of an entity, worked out once, and a record's files with the caller's urls
 * on them: what every answer a caller gets carries. An entity without file fields costs its
 * answers one lookup.
 */
import { type EntityNode, type FileRef, isFileField, type StoredFile } from '@ninefold/spec';
import type { Rec } from '../records/row-codec';
import type { Caller } from '../rules/rule-context';
import type { FileLinks } from './file-links';

const NONE: readonly string[] = Object.freeze([]);
const FIELDS = new WeakMap<EntityNode, readonly string[]>();

/**
 * The names of an entity's file fields (the same frozen empty list for most entities).
 * @example fileFieldsOf(app.entities.tickets!) // ['attachments']
 */
export function fileFieldsOf(node: EntityNode): readonly string[] {
  let names = FIELDS.get(node);
  if (!names) {
    const found = Object.entries(node.fields)
      .filter(([, f]) => isFileField(f))
      .map(([n]) => n);
    names = found.length === 0 ? NONE : Object.freeze(found);
    FIELDS.set(node, names);
  }
  return names;
}

/**
 * The files a field's value holds, whatever it was stored as (one, many, or none).
 * @example storedFiles(record.attachments) // [{ id, name, size, type }]
 */
export function storedFiles(value: unknown): readonly StoredFile[] {
  if (Array.isArray(value)) return value.filter(isStoredFile);
  return isStoredFile(value) ? [value] : NONE_FILES;
}

const NONE_FILES: readonly StoredFile[] = Object.freeze([]);

function isStoredFile(v: unknown): v is StoredFile {
  return typeof v === 'object' && v !== null && typeof (v as StoredFile).id === 'string';
}

/**
 * Puts the caller's url on each file of `out`'s file fields (those it shows), in place: a
 * record's value is replaced, never changed, so the stored record keeps its StoredFiles.
 * @example withUrls(out, 'tickets', fields, links, caller, now)
 */
export function withUrls(
  out: Rec,
  entity: string,
  fields: readonly string[],
  links: FileLinks,
  caller: Caller | null,
  now: Date,
): Rec {
  const id = String(out.id);
  for (const field of fields) {
    if (!(field in out)) continue;
    const value = out[field];
    const ref = (f: StoredFile): FileRef => ({
      id: f.id,
      name: f.name,
      size: f.size,
      type: f.type,
      url: links.url(entity, id, field, f.id, caller, now),
    });
    if (Array.isArray(value)) out[field] = storedFiles(value).map(ref);
    else out[field] = value === null || value === undefined ? null : (storedFiles(value).map(ref)[0] ?? null);
  }
  return out;
}
