/**
 * API keys: long-lived bearer tokens for integrations, scripts and agents. A key is 256
 * random bits shown once (`nfk_` + base64url); the database keeps its SHA-256 (the digest
 * sessions use, so a revocation announces it as a `sessionEnded`) and its first 12
 * characters to tell keys apart. A key acts for its owner as the owner's role or a narrower
 * one the owner's role allows (`apiKeys.roles`); the lookup is in sessions.ts.
 */
import { randomBytes } from 'node:crypto';
import { type ApiKey, type ApiKeyCreated, isAdminRole, keyRoles } from '@ninefold/spec';
import { AppError, type FieldIssue, validationFailed } from '../app-error';
import type { BusEvent } from '../changes/change-event';
import type { Core } from '../ninefold-core';
import type { Caller } from '../rules/rule-context';
import { isUuid, uuid7 } from '../uuid7';
import { API_KEY_PREFIX, sessionDigest } from './sessions';

export { API_KEY_PREFIX, isApiKey } from './sessions';

/**
 * What the key functions need of the core.
 * @example const keys: KeyCore = createCore(app, db); await listApiKeys(keys, caller, {});
 */
export type KeyCore = Pick<Core, 'app' | 'db' | 'bus' | 'now'>;

/** How many characters of a key are kept, to show which key is which. */
const PREFIX_LENGTH = 12;
const NAME_MAX = 100;
const CREATE_FIELDS = new Set(['name', 'expiresAt', 'role', 'userId']);

/**
 * A new key, its stored hash and prefix.
 * @example const { key, hash, prefix } = newApiKey(); // key: 'nfk_3Fq9…' (47 characters)
 */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: sessionDigest(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

interface KeyRow {
  readonly id: string;
  readonly hash: string;
  readonly name: string;
  readonly prefix: string;
  readonly userId: string;
  readonly role: string;
  readonly createdAt: string | Date;
  readonly expiresAt: string | Date | null;
  readonly lastUsedAt: string | Date | null;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

function wire(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    userId: row.userId,
    role: row.role,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

interface Owner {
  readonly id: string;
  readonly role: string;
  readonly disabled: unknown;
}

async function ownerRow(core: KeyCore, id: string): Promise<Owner | undefined> {
  const rows = await core.db.all<Owner>(
    core.db.qb.selectFrom('users').select(['id', 'role', 'disabled']).where('id', '=', id),
  );
  return rows[0];
}

/**
 * Whose keys the caller names: their own, or (an admin) a service account's. A key may
 * not act on keys for anyone but its owner; a non-admin naming another account is refused.
 */
async function keysOwner(core: KeyCore, caller: Caller, userId: unknown): Promise<Owner | FieldIssue> {
  if (userId === undefined || userId === caller.id) {
    const own = await ownerRow(core, caller.id);
    if (!own) throw new AppError('UNAUTHENTICATED');
    return own;
  }
  if (!isAdminRole(core.app, caller.role)) throw new AppError('FORBIDDEN');
  const other = isUuid(userId) ? await ownerRow(core, userId) : undefined;
  if (!other || core.app.roles[other.role]?.service !== true)
    return { path: 'userId', code: 'invalid', message: 'Name a service account.' };
  return other;
}

function signedIn(caller: Caller | null): Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED');
  return caller;
}

/**
 * Makes a key and answers it, once (`POST /api/auth/api-keys`). Refused to a request that
 * came with a key: a leaked key must not mint others.
 * @example const made = await createApiKey(core, caller, { name: 'CI', role: 'reporter' }); made.key // 'nfk_…'
 */
export async function createApiKey(core: KeyCore, who: Caller | null, body: unknown): Promise<ApiKeyCreated> {
  const caller = signedIn(who);
  if (caller.apiKey !== undefined) throw new AppError('FORBIDDEN');
  // A key acts past the write check: an account that has not confirmed its address gets none.
  if (caller.unverified) throw new AppError('EMAIL_NOT_VERIFIED');
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const now = core.now();
  const issues: FieldIssue[] = [];
  for (const k of Object.keys(input))
    if (!CREATE_FIELDS.has(k))
      issues.push({ path: k, code: 'unknown_field', message: `Unknown field '${k}'.` });
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > NAME_MAX)
    issues.push({
      path: 'name',
      code: 'invalid',
      message: `Give the key a name of 1 to ${NAME_MAX} characters.`,
    });
  let expiresAt: string | null = null;
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    const t = typeof input.expiresAt === 'string' ? Date.parse(input.expiresAt) : Number.NaN;
    if (Number.isNaN(t) || t <= now.getTime())
      issues.push({ path: 'expiresAt', code: 'invalid', message: 'Give a date and time in the future.' });
    else expiresAt = new Date(t).toISOString();
  }
  const owner = await keysOwner(core, caller, input.userId);
  if ('path' in owner) issues.push(owner);
  else {
    const allowed = keyRoles(core.app.roles, owner.role);
    if (allowed.length === 0) throw new AppError('FORBIDDEN');
    const role = input.role ?? owner.role;
    if (typeof role !== 'string' || !allowed.includes(role))
      issues.push({ path: 'role', code: 'invalid', message: `A key may act as: ${allowed.join(', ')}.` });
  }
  if (issues.length > 0 || 'path' in owner) throw validationFailed(issues);
  const { key, hash, prefix } = newApiKey();
  const row: KeyRow = {
    id: uuid7(now.getTime()),
    hash,
    prefix,
    name,
    userId: owner.id,
    role: String(input.role ?? owner.role),
    createdAt: now.toISOString(),
    expiresAt,
    lastUsedAt: null,
  };
  await core.db.run(core.db.qb.insertInto('nf_api_keys').values({ ...row, createdBy: caller.id }));
  return { ...wire(row), key };
}

/**
 * The keys of the caller, or (an admin, `?userId=`) of a service account, newest first;
 * any other account named is FORBIDDEN.
 * @example const { items } = await listApiKeys(core, caller, {});
 */
export async function listApiKeys(
  core: KeyCore,
  who: Caller | null,
  query: Readonly<Record<string, unknown>>,
): Promise<{ items: ApiKey[] }> {
  const caller = signedIn(who);
  // The route's answers are the list or a refusal: naming an account that is not the
  // caller's to see (a person, an unknown id) is FORBIDDEN; other parameters mean nothing.
  const owner = await keysOwner(core, caller, query.userId);
  if ('path' in owner) throw new AppError('FORBIDDEN');
  const rows = await core.db.all<KeyRow>(
    core.db.qb
      .selectFrom('nf_api_keys')
      .selectAll()
      .where('userId', '=', owner.id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
  );
  return { items: rows.map(wire) };
}

/**
 * Revokes a key: the caller's own, or any (an admin). Its `sessionEnded` (the key's hash)
 * drops it from every in-process cache and closes its sockets; across processes the
 * deleted row already refuses it. Someone else's key is NOT_FOUND, as an unknown one.
 * @example await revokeApiKey(core, caller, keyId);
 */
export async function revokeApiKey(core: KeyCore, who: Caller | null, id: string): Promise<void> {
  const caller = signedIn(who);
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const rows = await core.db.all<Pick<KeyRow, 'hash' | 'userId'>>(
    core.db.qb.selectFrom('nf_api_keys').select(['hash', 'userId']).where('id', '=', id),
  );
  const row = rows[0];
  if (!row || (row.userId !== caller.id && !isAdminRole(core.app, caller.role)))
    throw new AppError('NOT_FOUND');
  const events: BusEvent[] = [{ kind: 'sessionEnded', session: row.hash }];
  const gone = await core.db.transaction(async (tx) => {
    const n = await tx.run(tx.qb.deleteFrom('nf_api_keys').where('id', '=', id));
    if (n > 0) await core.bus.stage(tx, events);
    return n;
  });
  if (gone === 0) throw new AppError('NOT_FOUND');
  core.bus.committed(events);
}
