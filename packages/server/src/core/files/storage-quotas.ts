/**
 * Storage quotas (`limits.storage`): the bytes of files a person (`per: 'owner'`, default)
 * or a role (`per: 'role'`) keeps. What counts is every file held in a record (`ready`):
 * an upload under way does not, since its size is known only at its finish — which is where
 * the quota is checked with the file's size, under a lock on the owner (or on the quota,
 * for a role's), so two uploads finishing at once cannot pass it together. An upload is
 * refused at its start only when the quota is already full.
 */
import type { QuotaUsage, StorageQuotaInput } from '@ninefold/spec';
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import { evalExpr } from '../rules/evaluate-expr';
import { usedBytes } from './file-ledger';

interface Applying {
  readonly name: string;
  readonly quota: StorageQuotaInput;
}

/** The storage quotas that apply to the caller's uploads to `entity` (every entity when omitted). */
function applying(scope: RecordScope, entity?: string): Applying[] {
  const out: Applying[] = [];
  for (const [name, quota] of Object.entries(scope.app.limits.storage)) {
    if (quota.roles && !quota.roles.includes(scope.role)) continue;
    if (entity !== undefined && quota.entity !== undefined && quota.entity !== entity) continue;
    // A quota per owner counts a signed-in person's files: nobody's when signed out.
    if ((quota.per ?? 'owner') === 'owner' && !scope.caller) continue;
    out.push({ name, quota });
  }
  return out;
}

function maxOf(scope: RecordScope, q: StorageQuotaInput): number {
  return typeof q.bytes === 'number' ? q.bytes : Number(evalExpr(q.bytes, null, scope.rules));
}

function used(scope: RecordScope, q: StorageQuotaInput): Promise<number> {
  return usedBytes(scope.exec, {
    ...((q.per ?? 'owner') === 'owner' ? { ownerId: scope.caller!.id } : q.roles ? { roles: q.roles } : {}),
    ...(q.entity ? { entity: q.entity } : {}),
  });
}

/** A stable lock number for a quota shared by a role. */
function lockNumber(name: string): number {
  let h = 0x2f11e5;
  for (const c of `nf_files:${name}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h & 0x7fffffff;
}

/**
 * Refuses (the quota's error, else LIMIT_EXCEEDED, with `{max}`) when storing `bytes` more
 * would pass a quota of the caller's; `bytes` 0 asks whether one is already full. With
 * `lock`, inside a write, the owner (or the role's quota) is locked first.
 * @example await checkStorage(scope, 'tickets', stored.size, true);
 */
export async function checkStorage(
  scope: RecordScope,
  entity: string,
  bytes: number,
  lock = false,
  /** Bytes of the caller's this write lets go of (the file an upload replaces). */
  freed = 0,
): Promise<void> {
  const quotas = applying(scope, entity);
  if (quotas.length === 0) return;
  if (lock) {
    const { exec } = scope;
    if (scope.caller && quotas.some((q) => (q.quota.per ?? 'owner') === 'owner'))
      await exec.dialect.lockRow(exec, 'users', scope.caller.id);
    for (const q of quotas) if (q.quota.per === 'role') await exec.dialect.lockKey(exec, lockNumber(q.name));
  }
  for (const { quota } of quotas) {
    const max = maxOf(scope, quota);
    const now = await used(scope, quota);
    if (bytes === 0 ? now >= max : now - freed + bytes > max)
      throw new AppError(quota.error ?? 'LIMIT_EXCEEDED', { max });
  }
}

/**
 * The caller's storage quotas with their usage, in bytes, for `GET /api/quotas`.
 * @example await storageUsage(scope) // [{ name: 'customerFiles', entity: '*', max: 104857600, used: 48213, …, unit: 'bytes' }]
 */
export async function storageUsage(scope: RecordScope): Promise<QuotaUsage[]> {
  if (!scope.caller) return [];
  const out: QuotaUsage[] = [];
  for (const { name, quota } of applying(scope)) {
    const max = maxOf(scope, quota);
    const n = await used(scope, quota);
    out.push({
      name,
      entity: quota.entity ?? '*',
      max,
      used: n,
      remaining: Math.max(0, max - n),
      unit: 'bytes',
    });
  }
  return out;
}
