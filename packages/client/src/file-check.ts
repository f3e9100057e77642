/**
 * A file judged before it goes up, from its field's limits as `/api/meta` gives them: too
 * large, a type the field does not take, one file too many. Pure; the answers are shaped as
 * the server's field errors, with its words, so a form shows one kind of message before the
 * upload and after. The server judges again, from the content.
 */
import {
  acceptsType,
  BUILTIN_ERRORS,
  DEFAULT_FILE_BYTES,
  DEFAULT_MAX_FILES,
  type Field,
  type FieldError,
  type FileField,
  type FilesField,
  fieldLabel,
  fieldMessage,
  fillTemplate,
} from '@ninefold/spec';

/** A file as the browser has it before upload: a `File`, or its facts. */
export interface LocalFile {
  readonly name?: string;
  readonly size: number;
  /** The browser's guess from the name; '' when it has none. */
  readonly type: string;
}

/** A reason the field refuses a file: a field error, and the file it is about (not for `too_many`). */
export interface FileIssue<F extends LocalFile = LocalFile> extends FieldError {
  readonly file?: F;
}

/**
 * Every reason a file field (its node from `/api/meta`, or from the spec) would refuse these
 * files, none when they may go up. `path` is the
 * field's name; `held` how many files it holds already (a many-files field). A type the
 * browser cannot guess ('') is left to the server, which decides from the content anyway.
 * @example
 * const field = meta.entities.tickets!.fields.attachments!;
 * checkFile(field, input.files[0]!, { path: 'attachments', held: ticket.attachments.length });
 * // [{ path: 'attachments', code: 'file_type', message: 'Attachments does not accept this type of file (it takes image/*, application/pdf, text/plain).', file }]
 */
export function checkFile<F extends LocalFile>(
  node: Field,
  files: F | readonly F[],
  at: { readonly path: string; readonly held?: number },
): FileIssue<F>[] {
  const { path, held = 0 } = at;
  // `/api/meta` fills the defaults in; a field node from the spec may leave them out.
  const field = node as FileField | FilesField;
  const label = fieldLabel(path, field);
  const list: readonly F[] = Array.isArray(files) ? files : [files as F];
  const maxBytes = field.maxBytes ?? DEFAULT_FILE_BYTES;
  const issues: FileIssue<F>[] = [];
  for (const file of list) {
    if (file.type !== '' && !acceptsType(field.accept, file.type)) {
      const values = field.accept && field.accept.length > 0 ? { values: field.accept } : {};
      issues.push({ path, code: 'file_type', message: fieldMessage('file_type', label, values), file });
    }
    if (file.size > maxBytes) {
      // The server refuses it with 413 PAYLOAD_TOO_LARGE; these are that answer's words.
      const message = fillTemplate(BUILTIN_ERRORS.PAYLOAD_TOO_LARGE.message, { max: maxBytes });
      issues.push({ path, code: 'too_big', message, file });
    }
  }
  // A one-file field's upload replaces its file: only one at a time.
  const many = field.type === 'files';
  const max = many ? (field.max ?? DEFAULT_MAX_FILES) : 1;
  if ((many ? held : 0) + list.length > max) {
    issues.push({ path, code: 'too_many', message: fieldMessage('too_many', label, { max }) });
  }
  return issues;
}
