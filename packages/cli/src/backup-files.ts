/**
 * A backup's files, as consistent with its database as the database is with itself: every
 * file a record of the copied database names is in the copy, whatever uploads and removals
 * ran while it was made. Store to store through the `FileStore` interface, so the disk store
 * and an S3-compatible one are copied (and restored) alike.
 *
 * Why the order is files, then the database, then the files it still lacks:
 * - An upload writes its ledger row (`uploading`) first, then its bytes, and only then, in
 *   one write, names the file in its record and marks the row `ready`. So a file the copied
 *   database names had its bytes in the store before the database was copied.
 * - A removal first takes the file out of its record (the row goes `removing`, same write),
 *   and deletes the bytes only after that commit. So a file the copied database names may
 *   lose its bytes at any moment after the database copy, never before it.
 * - Database first, files after: every file removed while the (long) file copy runs is
 *   named by the copy and missing from it. Files first, database after: nothing removed
 *   during the file copy is named by the database copy (it was taken out before the bytes
 *   went); only files uploaded during the file copy, past the point the walk had reached,
 *   may be named and missing. Those are found from the copy's own ledger (`ready` rows) and
 *   copied at once; the one way to miss one is that it is also removed in the short moment
 *   since the database copy, and then the database is copied again (its new copy no longer
 *   names it) and the check repeats.
 * - Files in the copy that its database does not name but has a row for (an upload still
 *   `uploading`, a file `removing`) are the sweep's to remove after a restore, as they would
 *   have been on the live app. Files it has no row for at all (removed and forgotten before
 *   the database copy, a stray) no sweep would ever find: they are left out of the copy.
 */
import { copyFileSync, rmSync } from 'node:fs';
import type { FileStore } from '@ninefold/server';
import { openDatabase } from '@ninefold/server';

/**
 * How many times the database is copied again before the backup gives up: each copy can be
 * outrun only by a file removed in the moment between it and its check, so only removals
 * without pause (faster than a database copy) exhaust them; the backup then says so and
 * keeps nothing.
 */
const ATTEMPTS = 10;

/** What a consistent backup of the files copied. */
export interface FilesCopied {
  /** Files copied in all (every key of the store, then the ones the database still lacked). */
  readonly files: number;
  readonly bytes: number;
  /** How many times the database was copied (1 unless a removal raced the check). */
  readonly databaseCopies: number;
}

/**
 * Copies the files of `live` into `target` and the database (by `copyDatabase`, into the
 * SQLite file `copied`) so that every `ready` file of the copied database is in `target`.
 * Throws when, after several database copies, it still names a file the store does not hold.
 * @example await consistentBackup(live, localStore(`${file}.files.partial`), () => db.backup!(partial), partial);
 */
export async function consistentBackup(
  live: FileStore,
  target: FileStore,
  copyDatabase: () => Promise<void>,
  copied: string,
): Promise<FilesCopied> {
  let files = 0;
  let bytes = 0;
  for await (const { key } of live.list()) {
    const n = await copyOne(live, target, key);
    if (n !== null) {
      files += 1;
      bytes += n;
    }
  }
  for (let attempt = 1; ; attempt++) {
    await copyDatabase();
    const gone: string[] = [];
    for (const key of await ledgerKeys(copied, true)) {
      if (await target.has(key)) continue;
      const n = await copyOne(live, target, key);
      if (n === null) gone.push(key);
      else {
        files += 1;
        bytes += n;
      }
    }
    if (gone.length === 0) {
      const known = await ledgerKeys(copied, false);
      for await (const { key } of target.list()) {
        if (known.has(key)) continue;
        await target.remove(key);
        files -= 1;
      }
      return { files, bytes, databaseCopies: attempt };
    }
    if (attempt === ATTEMPTS)
      throw new Error(
        `the database names ${gone.length} file(s) the store does not hold (first: ${gone[0]}), after ${attempt} copies`,
      );
  }
}

/**
 * Copies every file of a backup into the store a restore puts them in; answers their keys.
 * Files already there stay for now (keys are never reused, so one of the same key is the same
 * file): the old database may still name them until the restored one replaces it.
 * @example const keys = await restoreFiles(localStore(`${file}.files`), store);
 */
export async function restoreFiles(backup: FileStore, live: FileStore): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const { key } of backup.list()) if ((await copyOne(backup, live, key)) !== null) keys.add(key);
  return keys;
}

/**
 * Once the restored database is in place: removes from the store every file the backup did
 * not hold, which the restored database has no row for and no sweep would find. Answers how many.
 * @example await pruneStore(store, keys);
 */
export async function pruneStore(live: FileStore, keep: ReadonlySet<string>): Promise<number> {
  const extra: string[] = [];
  for await (const { key } of live.list()) if (!keep.has(key)) extra.push(key);
  for (const key of extra) await live.remove(key);
  return extra.length;
}

/** Copies one key; null when `from` no longer holds it. */
async function copyOne(from: FileStore, to: FileStore, key: string): Promise<number | null> {
  const got = await from.get(key);
  if (!got) return null;
  return to.put(key, got.body);
}

/**
 * The store keys of a SQLite database's ledger: of its `ready` rows (the files its records
 * name) with `ready`, else of every row.
 */
async function ledgerKeys(file: string, ready: boolean): Promise<Set<string>> {
  // Read from a scratch copy: opening a database makes it a WAL one, with a -wal and -shm
  // beside it, and the backup must stay the one file the database copy wrote.
  const scratch = `${file}.ledger`;
  copyFileSync(file, scratch);
  const db = openDatabase(scratch);
  try {
    // A database last opened before files existed has no ledger, and so names no file.
    const ledger = await db.all(
      db.qb
        .selectFrom('sqlite_master')
        .select('name')
        .where('type', '=', 'table')
        .where('name', '=', 'nf_files'),
    );
    if (ledger.length === 0) return new Set();
    const all = db.qb.selectFrom('nf_files').select('key');
    const rows = await db.all<{ key: string }>(ready ? all.where('status', '=', 'ready') : all);
    return new Set(rows.map((r) => r.key));
  } finally {
    await db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(scratch + suffix, { force: true });
  }
}
