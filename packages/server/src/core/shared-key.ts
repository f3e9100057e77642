/**
 * Secret keys every process of one database shares (`nf_keys`): made once by whichever asks
 * first, then read by all, so what one process seals or signs another opens. The audit
 * cursor's key and the file links' key are two of them.
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database';

const keys = new WeakMap<object, Map<string, Promise<Buffer>>>();

async function readKey(exec: Executor, id: string): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  // Two processes asking at once both insert; the first wins and both read its key.
  await exec.run(
    exec.qb
      .insertInto('nf_keys')
      .values({ id, value: fresh })
      .onConflict((oc) => oc.column('id').doNothing()),
  );
  const [row] = await exec.all<{ value: string }>(
    exec.qb.selectFrom('nf_keys').select('value').where('id', '=', id),
  );
  return Buffer.from(row!.value, 'base64url');
}

/**
 * The database's key named `id` (32 bytes), read once per executor; a failed read is tried
 * again at the next ask.
 * @example const key = await sharedKey(db, 'file-links');
 */
export function sharedKey(exec: Executor, id: string): Promise<Buffer> {
  let byId = keys.get(exec);
  if (!byId) {
    byId = new Map();
    keys.set(exec, byId);
  }
  let key = byId.get(id);
  if (!key) {
    key = readKey(exec, id);
    byId.set(id, key);
    const known = byId;
    key.catch(() => known.delete(id));
  }
  return key;
}
