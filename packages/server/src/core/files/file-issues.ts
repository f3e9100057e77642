/**
 * The field issues of files, worded once by the spec's `fieldMessage` (the words a form shows
 * before uploading, from `checkFile`), whichever part of the server finds them.
 */
import { fieldLabel, fieldMessage } from '@ninefold/spec';
import { type AppError, validationFailed } from '../app-error';

/** What a file issue is worded from: the field's label, and what it accepts. */
interface FieldWords {
  readonly label?: string | undefined;
  readonly accept?: readonly string[] | undefined;
}

/**
 * A file whose content is of a type the field does not accept.
 * @example throw fileTypeRefused('attachments', spec);
 */
export function fileTypeRefused(field: string, spec: FieldWords): AppError {
  const message = fieldMessage(
    'file_type',
    fieldLabel(field, spec.label === undefined ? {} : { label: spec.label }),
    spec.accept ? { values: [...spec.accept] } : {},
  );
  return validationFailed([{ path: field, code: 'file_type', message }]);
}

/**
 * A many-files field that holds its most already.
 * @example throw tooManyFiles('attachments', spec, 5);
 */
export function tooManyFiles(field: string, spec: FieldWords, max: number): AppError {
  return validationFailed([
    {
      path: field,
      code: 'too_many',
      message: fieldMessage(
        'too_many',
        fieldLabel(field, spec.label === undefined ? {} : { label: spec.label }),
        { max },
      ),
    },
  ]);
}
