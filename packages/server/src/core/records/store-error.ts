/**
 * Database constraint failures as catalogue errors: a unique index or a CHECK constraint
 * the validators did not catch (a race, or a value only the database could judge) answers
 * VALIDATION_FAILED on its field, never with SQL.
 */
import type { App } from '@ninefold/spec';
import type { Dialect } from '../../db/database';
import { AppError } from '../app-error';

function fieldFrom(text: string, entity: string, app: App): string {
  const fields = Object.keys(app.entities[entity]?.fields ?? {});
  const m = /(?:ix|ck)_[A-Za-z0-9]+_([A-Za-z0-9]+)|\.([A-Za-z0-9]+)\b/.exec(text);
  const name = m?.[1] ?? m?.[2] ?? '';
  return fields.includes(name) ? name : '';
}

/**
 * Maps a driver error to an AppError when it is a constraint (as the database's dialect
 * classifies it); returns it unchanged otherwise.
 * @example throw storeError(scope.app, 'users', e, scope.exec.dialect); // a taken email: VALIDATION_FAILED
 */
export function storeError(app: App, entity: string, e: unknown, dialect: Dialect): unknown {
  const kind = dialect.classify(e);
  if (kind === undefined) return e;
  const err = e as { constraint?: string; message?: string };
  const path = fieldFrom(`${err.constraint ?? ''} ${err.message ?? ''}`, entity, app);
  return new AppError('VALIDATION_FAILED', {}, [
    kind === 'unique'
      ? { path, code: 'unique', message: 'This value is already taken.' }
      : { path, code: 'type', message: 'This value is not allowed.' },
  ]);
}
