/**
 * A download judged now: the caller a link was given to (rebuilt from their account as it
 * is now — gone, disabled, another role, a revoked key: nothing) or the request's own, then
 * the record readable by them, the field readable on it, the file in the field's value and
 * its row ready. Anything else is NOT_FOUND, the same answer as for a file that never was.
 */
import { type App, isFileField } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import { callerOf } from '../accounts/sessions';
import { AppError } from '../app-error';
import { isReadable } from '../records/answer';
import type { RecordScope } from '../records/record-scope';
import type { Caller } from '../rules/rule-context';
import { storedFiles } from './file-fields';
import { fileRowById } from './file-ledger';
import type { LinkClaims } from './file-links';
import type { FileRow } from './file-types';

const gone = () => new AppError('NOT_FOUND');

/**
 * The caller a link's claims stand for now, or NOT_FOUND when that caller is no more: the
 * account gone or disabled, its role (or its key's, or the role it acts as unverified) not
 * the one the link was given for, the key revoked or expired.
 * @example const who = await linkCaller(db, app, claims, now);
 */
export async function linkCaller(
  exec: Executor,
  app: App,
  claims: LinkClaims,
  now: Date,
): Promise<Caller | null> {
  if (claims.userId === null) {
    if (claims.apiKey !== null || claims.role !== '') throw gone();
    return null;
  }
  const [user] = await exec.all<Record<string, unknown>>(
    exec.qb
      .selectFrom('users')
      .select(['id', 'role', 'email', 'disabled', 'emailVerified'])
      .where('id', '=', claims.userId),
  );
  if (!user) throw gone();
  let key: Record<string, unknown> | undefined;
  if (claims.apiKey !== null) {
    [key] = await exec.all<Record<string, unknown>>(
      exec.qb
        .selectFrom('nf_api_keys')
        .select(['userId', 'role', 'expiresAt'])
        .where('id', '=', claims.apiKey),
    );
    if (!key || key.userId !== claims.userId) throw gone();
  }
  // The account as a session of it would read it now: disabled, a key beyond its owner, the
  // role it acts as while unverified — one judgement, sessions.ts's.
  const account = callerOf(app, {
    digest: '',
    id: String(user.id),
    role: String(user.role),
    email: String(user.email),
    disabled: user.disabled,
    emailVerified: user.emailVerified,
    expiresAt: (key?.expiresAt as string | Date | null | undefined) ?? null,
    keyId: key ? claims.apiKey : null,
    keyRole: key ? String(key.role) : null,
  });
  if (!account || account.expiresAt <= now.getTime() || account.caller.role !== claims.role) throw gone();
  return account.caller;
}

/**
 * The ready row of a file the scope's caller may read now, or NOT_FOUND.
 * @example const row = await readableFile(scope, 'tickets', id, 'attachments', fileId);
 */
export async function readableFile(
  scope: RecordScope,
  entity: string,
  id: string,
  field: string,
  fileId: string,
): Promise<FileRow> {
  const node = scope.entity(entity);
  const spec = Object.hasOwn(node.fields, field) ? node.fields[field] : undefined;
  if (!spec || !isFileField(spec)) throw gone();
  const record = await scope.readable(entity, id);
  if (!isReadable(await scope.fieldsOn(entity, record), field)) throw gone();
  if (!storedFiles(record[field]).some((f) => f.id === fileId)) throw gone();
  const row = await fileRowById(scope.exec, fileId);
  if (row?.status !== 'ready' || row.entity !== entity || row.recordId !== id || row.field !== field)
    throw gone();
  return row;
}
