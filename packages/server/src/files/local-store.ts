/**
 * Files on the local disk, under one directory (by default the data directory's `files/`).
 * A write goes to a temporary file under `<dir>/.tmp/`, is fsynced, then renamed into place and
 * its directory fsynced: a crash leaves either the whole old state or the whole new file, never
 * half a file under a key. Bytes stream through (a pipeline), so memory stays flat whatever
 * the size.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore, StoredBody } from './file-store';
import { fsyncDirectory, fsyncFile, walkFiles } from './store-disk';
import { storeKey, storePrefix } from './store-key';

// Reads of 256 KiB rather than the default 64: a 1 MiB download in four reads, not sixteen
// (measured against a bare static server in `npm run bench -- files`).
const READ_CHUNK = 256 * 1024;
/** Where unfinished writes live; its name starts with a dot, which no key may. */
const TMP = '.tmp';
/** A temporary file older than this was left by a crash, not by a write still running. */
const STALE_TMP_MS = 24 * 60 * 60 * 1000;

/** The disk store: a {@link FileStore} that can also name the file behind a key. */
export interface LocalFileStore extends FileStore {
  /** The store's directory, absolute. */
  readonly dir: string;
  /**
   * The absolute path of the file for `key` (which may not exist), for serving it with
   * `sendFile`-like fast paths. Throws on an unsafe key, as every method does.
   */
  pathOf(key: string): string;
}

/**
 * The disk store rooted at `dir` (created on first write).
 * @example
 * const store = localStore('/srv/helpdesk/.data/files');
 * await store.put('tickets/0193…', createReadStream(upload));
 */
export function localStore(dir: string): LocalFileStore {
  const root = resolve(dir);
  const tmpDir = join(root, TMP);
  const pathOf = (key: string): string => join(root, ...storeKey(key).split('/'));
  let swept = false;

  async function put(key: string, body: Readable): Promise<number> {
    const target = pathOf(key);
    await mkdir(tmpDir, { recursive: true });
    if (!swept) {
      swept = true;
      await sweepStaleTemps(tmpDir);
    }
    const temp = join(tmpDir, `${randomUUID()}.part`);
    try {
      const out = createWriteStream(temp, { flags: 'wx' });
      await pipeline(body, out);
      await fsyncFile(temp);
      await moveIntoPlace(root, temp, target);
      return out.bytesWritten;
    } catch (error) {
      body.destroy();
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    let handle: FileHandle;
    try {
      handle = await open(pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const size = info.size;
      if (!range) return { body: handle.createReadStream({ highWaterMark: READ_CHUNK }), size };
      const { start, end } = clampRange(range, size);
      if (start > end) {
        await handle.close();
        return { body: Readable.from([]), size };
      }
      return { body: handle.createReadStream({ start, end, highWaterMark: READ_CHUNK }), size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    const path = pathOf(key);
    await rm(path, { force: true });
    // Empty parent directories go too, up to (not including) the root; the first one that is
    // not empty (or already gone, or being filled by a concurrent put) stops the climb.
    for (let parent = dirname(path); parent.startsWith(root + sep); parent = dirname(parent)) {
      try {
        await rmdir(parent);
      } catch {
        break;
      }
    }
  }

  async function has(key: string): Promise<boolean> {
    try {
      return (await stat(pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function* list(prefix = ''): AsyncIterable<{ key: string; modifiedAt: Date }> {
    storePrefix(prefix);
    // Only the directory the prefix names is walked, not the whole store.
    const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const file of walkFiles(root, base)) {
      if (file.key.startsWith(prefix)) yield file;
    }
  }

  return { label: `disk ${root}`, dir: root, pathOf, put, get, remove, has, list };
}

/** Renames `temp` to `target`, making its directories; fsyncs every directory that changed. */
async function moveIntoPlace(root: string, temp: string, target: string): Promise<void> {
  const parent = dirname(target);
  // A concurrent remove may drop an emptied parent between mkdir and rename: try again.
  for (let attempt = 1; ; attempt++) {
    const created = await mkdir(parent, { recursive: true });
    try {
      await rename(temp, target);
    } catch (error) {
      if (isMissing(error) && attempt < 3) continue;
      throw error;
    }
    // New directories are durable only once their own parents are fsynced too.
    const top = created ? dirname(created) : parent;
    for (let d = parent; ; d = dirname(d)) {
      await fsyncDirectory(d);
      if (d === top || d === root || !d.startsWith(root)) break;
    }
    return;
  }
}

/** Removes temporary files a crash left behind (older than a day); best effort. */
async function sweepStaleTemps(tmpDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_TMP_MS) await rm(path, { force: true });
  }
}

/** The range within an object of `size` bytes: `end` clamped to the last byte. */
function clampRange(range: ByteRange, size: number): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Bad byte range ${start}-${end}.`);
  }
  return { start, end: Math.min(end, size - 1) };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
