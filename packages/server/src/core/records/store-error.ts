/**
 * Database constraint failures as catalogue errors: a unique index or a CHECK constraint
 * the validators did not catch (a race, or a value only the database could judge) answers
 * VALIDATION_FAILED on its field, never with SQL.
 */
import type { App } from '@ninefold/spec';
import { AppError } from '../app-error';

function fieldFrom(text: string, entity: string, app: App): string {
  const fields = Object.keys(app.entities[entity]?.fields ?? {});
  const m = /(?:ix|ck)_[A-Za-z0-9]+_([A-Za-z0-9]+)|\.([A-Za-z0-9]+)\b/.exec(text);
  const name = m?.[1] ?? m?.[2] ?? '';
  return fields.includes(name) ? name : '';
}

/** Maps a driver error to an AppError when it is a constraint; returns it unchanged otherwise. */
export function storeError(app: App, entity: string, e: unknown): unknown {
  const err = e as { code?: string; constraint?: string; message?: string };
  const text = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    err.code === '23505'
  ) {
    const path = fieldFrom(text, entity, app);
    return new AppError('VALIDATION_FAILED', {}, [
      { path, code: 'unique', message: 'This value is already taken.' },
    ]);
  }
  if (
    err.code === 'SQLITE_CONSTRAINT_CHECK' ||
    err.code === '23514' ||
    err.code === 'SQLITE_CONSTRAINT_NOTNULL' ||
    err.code === '23502'
  ) {
    const path = fieldFrom(text, entity, app);
    return new AppError('VALIDATION_FAILED', {}, [
      { path, code: 'type', message: 'This value is not allowed.' },
    ]);
  }
  return e;
}
