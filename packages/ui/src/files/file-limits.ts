/**
 * A file field's limits as the browser can judge them before anything is sent: the largest
 * file, the types, and how many more a many-files field takes. Whether a file is refused is
 * the client's `checkFile` (the spec's one reading of `accept`, the server's own limits); this
 * says why in words naming the file. The server judges again, from the content.
 */
import { checkFile } from '@ninefold/client';
import { DEFAULT_FILE_BYTES, DEFAULT_MAX_FILES, type Field, type ImageVariant } from '@ninefold/spec';
import { bytesText, typesText } from './file-words';

/** What a file field allows, its defaults filled in. */
export interface FileLimits {
  readonly many: boolean;
  readonly maxBytes: number;
  readonly accept: readonly string[] | undefined;
  /** How many files the field holds: 1 for a one-file field. */
  readonly max: number;
  readonly variants: { readonly [name: string]: ImageVariant };
  /** The field node itself, for the client's `checkFile`. */
  readonly field: Field;
}

type FileNode = Field & {
  readonly maxBytes?: number;
  readonly accept?: readonly string[];
  readonly max?: number;
  readonly variants?: { readonly [name: string]: ImageVariant };
};

/**
 * @example fileLimits(f.files({ max: 5 })) // { many: true, maxBytes: 10485760, accept: undefined, max: 5, variants: {} }
 */
export function fileLimits(field: Field): FileLimits {
  const f = field as FileNode;
  const many = field.type === 'files';
  return {
    many,
    maxBytes: f.maxBytes ?? DEFAULT_FILE_BYTES,
    accept: f.accept && f.accept.length > 0 ? f.accept : undefined,
    max: many ? (f.max ?? DEFAULT_MAX_FILES) : 1,
    variants: f.variants ?? {},
    field,
  };
}

/** A file as the browser has it before upload (a `File`, or anything with its three facts). */
export interface LocalFile {
  readonly name: string;
  readonly size: number;
  /** The browser's guess from the name; '' when it has none. */
  readonly type: string;
}

/**
 * Why the field would refuse this file, in words; undefined when it may go up. A type the
 * browser cannot guess is left to the server, which decides from the content anyway.
 * @example checkLocalFile(fileLimits(f.file({ maxBytes: 1024 })), { name: 'a.png', size: 2048, type: 'image/png' })
 * // 'a.png is 2 KiB, over the 1 KiB limit.'
 */
export function checkLocalFile(limits: FileLimits, file: LocalFile): string | undefined {
  // One file judged alone: the count is judged for the whole choice (chooseFiles).
  const codes = checkFile(limits.field, file, { path: 'file' }).map((issue) => issue.code);
  if (codes.includes('file_type')) {
    return `${file.name} is not a type this field takes (${typesText(limits.accept ?? [])}).`;
  }
  if (codes.includes('too_big')) {
    const size = bytesText(file.size);
    const max = bytesText(limits.maxBytes);
    // Just over the limit, both round alike: "is 10 MiB, over the 10 MiB limit" would puzzle.
    return size === max
      ? `${file.name} is over the ${max} limit.`
      : `${file.name} is ${size}, over the ${max} limit.`;
  }
  return undefined;
}

/** Files split into those that may go up and the reasons the others may not. */
export interface FileChoice<F extends LocalFile> {
  readonly accepted: readonly F[];
  readonly refused: readonly string[];
}

/**
 * The chosen files judged one by one, and together against the room left in the field (`held`
 * files are there already, or on their way). A one-file field takes one, replacing its file.
 * @example chooseFiles(limits, [a, b, c], 4) // with max 5: { accepted: [a], refused: ['Only 1 more file fits (at most 5).'] }
 */
export function chooseFiles<F extends LocalFile>(
  limits: FileLimits,
  files: readonly F[],
  held: number,
): FileChoice<F> {
  const refused: string[] = [];
  const fine = files.filter((file) => {
    const why = checkLocalFile(limits, file);
    if (why) refused.push(why);
    return why === undefined;
  });
  const room = limits.many ? Math.max(0, limits.max - held) : 1;
  if (fine.length > room) {
    refused.push(
      !limits.many
        ? 'Choose one file.'
        : room === 0
          ? `No more files fit (at most ${limits.max}); remove one first.`
          : `Only ${room} more ${room === 1 ? 'file fits' : 'files fit'} (at most ${limits.max}).`,
    );
  }
  return { accepted: fine.slice(0, room), refused };
}

/**
 * The `accept` attribute of the field's file input: the picker offers these types first.
 * @example acceptAttribute(fileLimits(f.files({ accept: ['image/*', 'application/pdf'] }))) // 'image/*,application/pdf'
 */
export function acceptAttribute(limits: FileLimits): string | undefined {
  return limits.accept?.join(',');
}
