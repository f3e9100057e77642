/**
 * Database constraint failures as catalogue errors: a unique index or a CHECK constraint
 * the validators did not catch (a race, or a value only the database could judge) answers
 * VALIDATION_FAILED on its field, never with SQL. A unique declaration of the entity's
 * (`unique: [{ fields, where, error }]`) answers its own code, on its last field.
 */
import { type App, evaluateRule, type UniqueNode } from '@ninefold/spec';
import type { Dialect } from '../../db/database';
import { uniqueIndexName } from '../../db/schema/schema-plan';
import { AppError } from '../app-error';
import type { Rec } from './row-codec';

function fieldFrom(text: string, entity: string, app: App): string {
  const fields = Object.keys(app.entities[entity]?.fields ?? {});
  const m = /(?:ix|ck)_[A-Za-z0-9]+_([A-Za-z0-9]+)|\.([A-Za-z0-9]+)\b/.exec(text);
  const name = m?.[1] ?? m?.[2] ?? '';
  return fields.includes(name) ? name : '';
}

/**
 * The declaration a unique violation broke. PostgreSQL names the index; SQLite names only the
 * columns (`UNIQUE constraint failed: t.a, t.b`), so there it is the declaration over those
 * columns — and of several over the same columns, the first whose `where` the record meets.
 */
function brokenDeclaration(
  app: App,
  entity: string,
  err: { constraint?: string; message?: string },
  record: Rec | undefined,
): UniqueNode | undefined {
  const declared = app.entities[entity]?.unique ?? [];
  if (declared.length === 0) return undefined;
  const named = declared.find((u) => uniqueIndexName(entity, u) === err.constraint);
  if (named || err.constraint) return named;
  const byIndex = declared.find((u) => err.message?.includes(`'${uniqueIndexName(entity, u)}'`));
  if (byIndex) return byIndex;
  const listed = /UNIQUE constraint failed: (.+)$/.exec(err.message ?? '')?.[1];
  if (!listed) return undefined;
  const columns = listed.split(', ').map((c) => c.slice(c.indexOf('.') + 1));
  const same = declared.filter(
    (u) => u.fields.length === columns.length && u.fields.every((f, i) => f === columns[i]),
  );
  if (same.length <= 1 || !record) return same[0];
  const env = { app, caller: null };
  return same.find((u) => !u.where || evaluateRule(u.where, entity, record, env) === true) ?? same[0];
}

function declarationError(app: App, entity: string, u: UniqueNode): AppError {
  const path = u.fields[u.fields.length - 1] ?? '';
  if (u.error !== 'VALIDATION_FAILED')
    return new AppError(u.error, {}, [{ path, code: 'unique', message: '' }]);
  const fields = app.entities[entity]?.fields ?? {};
  const labels = u.fields.map((f) => fields[f]?.label ?? f);
  const message =
    labels.length === 1
      ? 'This value is already taken.'
      : `Another record has the same ${labels.join(', ')}.`;
  return new AppError('VALIDATION_FAILED', {}, [{ path, code: 'unique', message }]);
}

/**
 * Maps a driver error to an AppError when it is a constraint (as the database's dialect
 * classifies it); returns it unchanged otherwise. `record` is the row the write stored,
 * which tells apart declarations over the same fields.
 * @example throw storeError(scope.app, 'users', e, scope.exec.dialect); // a taken email: VALIDATION_FAILED
 */
export function storeError(app: App, entity: string, e: unknown, dialect: Dialect, record?: Rec): unknown {
  const kind = dialect.classify(e);
  if (kind === undefined) return e;
  const err = e as { constraint?: string; message?: string };
  if (kind === 'unique') {
    const u = brokenDeclaration(app, entity, err, record);
    if (u) return declarationError(app, entity, u);
  }
  const path = fieldFrom(`${err.constraint ?? ''} ${err.message ?? ''}`, entity, app);
  return new AppError('VALIDATION_FAILED', {}, [
    kind === 'unique'
      ? { path, code: 'unique', message: 'This value is already taken.' }
      : { path, code: 'type', message: 'This value is not allowed.' },
  ]);
}
