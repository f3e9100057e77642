/**
 * The disk store's two file-system chores, apart from its logic: making a rename durable
 * (fsyncing the directory that holds it) and walking the stored files.
 */
import { open, opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isStoreKey } from './store-key';

/**
 * Fsyncs a file written and closed by a stream: fsync flushes the file, whichever descriptor
 * asks (a stream's own descriptor is closed by the time the pipeline settles).
 * @example await fsyncFile('/srv/app/.data/files/.tmp/0193….part');
 */
export async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Fsyncs a directory, so the names created or renamed in it survive a crash. Where directories
 * cannot be opened for syncing (Windows), it does nothing: there the rename is as durable as
 * the platform allows.
 * @example await fsyncDirectory('/srv/app/.data/files/tickets');
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Every regular file under `root/base` (base: `''` or a key prefix ending in `/`), as its key
 * (`/`-joined, relative to `root`) and modification time; names starting with a dot (the
 * store's `.tmp/`) and any other name no key could have are skipped. In no particular order.
 * @example for await (const { key } of walkFiles('/srv/files', 'tickets/')) console.log(key);
 */
export async function* walkFiles(
  root: string,
  base: string,
): AsyncIterable<{ key: string; modifiedAt: Date }> {
  let dir: Awaited<ReturnType<typeof opendir>>;
  try {
    dir = await opendir(join(root, base));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  for await (const entry of dir) {
    // Dot names (the store's `.tmp/`) and names no key could have are not the store's.
    if (!isStoreKey(entry.name)) continue;
    const key = `${base}${entry.name}`;
    if (entry.isDirectory()) {
      yield* walkFiles(root, `${key}/`);
    } else if (entry.isFile()) {
      // A file removed since the directory was read is simply not listed.
      const info = await stat(join(root, key)).catch(() => undefined);
      if (info?.isFile()) yield { key, modifiedAt: info.mtime };
    }
  }
}
