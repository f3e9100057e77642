/**
 * The audit log's page cursor, sealed. A page of the log may stop on an entry the caller is
 * not shown (its scan is bounded; read-audit.ts), and an entry's id is its time (UUIDv7):
 * a cursor that carried the id in the clear would tell when a hidden field changed. So the
 * position is encrypted and authenticated (AES-256-GCM) together with the filters it was
 * given for — a cursor cannot be read, made up, or carried to another query to place the
 * entry among the ones that query shows. The key is shared by every process of the
 * database (`nf_keys`), made once by whichever asks first.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database';
import { AppError } from '../app-error';
import { sharedKey } from '../shared-key';
import { isUuid } from '../uuid7';

const KEY_ID = 'audit-cursor';
/** The nonce, a UUID's 36 characters, the tag. */
const SEALED_BYTES = 12 + 36 + 16;

/**
 * The database's cursor key, read once per database object.
 * @example const key = await auditCursorKey(scope.exec);
 */
export function auditCursorKey(exec: Executor): Promise<Buffer> {
  return sharedKey(exec, KEY_ID);
}

/**
 * A cursor for the position `id` of the query `query` (its filters, normalized).
 * @example const cursor = sealCursor(key, row.id, 'entity=visits');
 */
export function sealCursor(key: Buffer, id: string, query: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(query));
  const body = Buffer.concat([cipher.update(id, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The position a cursor sealed for this query holds; MALFORMED_REQUEST for any other.
 * @example const before = openCursor(key, req.query.cursor, 'entity=visits');
 */
export function openCursor(key: Buffer, cursor: string, query: string): string {
  const raw = Buffer.from(cursor, 'base64url');
  try {
    // Exactly what `sealCursor` makes: a shorter tag would be accepted, and weaker.
    if (raw.length !== SEALED_BYTES) throw new Error('not a sealed cursor');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(query));
    decipher.setAuthTag(raw.subarray(-16));
    const id = Buffer.concat([decipher.update(raw.subarray(12, -16)), decipher.final()]).toString('utf8');
    if (isUuid(id)) return id;
  } catch {}
  throw new AppError('MALFORMED_REQUEST', { reason: 'cursor is not one this server gave out.' });
}
