/**
 * The consistency of a backup's files with its database, on real disk stores and real SQLite
 * files: a file uploaded after the file copy passed it is fetched once the database copy names
 * it; a file removed in the moment after the database copy makes the database be copied again;
 * a database that keeps naming a file the store lacks fails the backup. The whole command, with
 * a server writing, is in commands/backup-files.test.ts.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type Database, localStore, openDatabase } from '@ninefold/server';
import { afterEach, describe, expect, it } from 'vitest';
import { consistentBackup, pruneStore, restoreFiles } from './backup-files';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A scratch directory with a live store, a live ledger database, and a backup's places. */
async function scene() {
  const dir = mkdtempSync(join(tmpdir(), 'nf-backup-files-'));
  dirs.push(dir);
  const live = localStore(join(dir, 'live'));
  const file = join(dir, 'app.db');
  const ledger = async (fn: (d: Database) => Promise<unknown>) => {
    const d = openDatabase(file);
    try {
      await fn(d);
    } finally {
      await d.close();
    }
  };
  await ledger((d) =>
    d.exec('create table nf_files (id text primary key, "key" text not null, status text not null)'),
  );
  const row = (id: string, status: string) =>
    ledger((d) => d.run(d.qb.insertInto('nf_files').values({ id, key: `comments/${id}`, status })));
  const put = (id: string) => live.put(`comments/${id}`, Readable.from([Buffer.from(`bytes of ${id}`)]));
  return {
    dir,
    live,
    file,
    row,
    put,
    ledger,
    copy: join(dir, 'copy.db'),
    target: localStore(join(dir, 'copy')),
  };
}

describe('consistentBackup', () => {
  it('fetches a file uploaded after the file copy passed it, once the database copy names it', async () => {
    const s = await scene();
    await s.put('a');
    await s.row('a', 'ready');
    let copies = 0;
    const copied = await consistentBackup(
      s.live,
      s.target,
      async () => {
        // Uploaded (bytes, then the ready row) after the file copy, before the database copy.
        if (copies++ === 0) {
          await s.put('late');
          await s.row('late', 'ready');
        }
        copyFileSync(s.file, s.copy);
      },
      s.copy,
    );
    expect(copied).toEqual({
      files: 2,
      bytes: 'bytes of a'.length + 'bytes of late'.length,
      databaseCopies: 1,
    });
    expect(await s.target.has('comments/late')).toBe(true);
  });

  it('copies the database again when a file it names was removed just after it was copied', async () => {
    const s = await scene();
    let copies = 0;
    const copied = await consistentBackup(
      s.live,
      s.target,
      async () => {
        copies += 1;
        if (copies === 1) {
          await s.put('brief');
          await s.row('brief', 'ready');
        }
        copyFileSync(s.file, s.copy);
        if (copies === 1) {
          // Removed after the copy: out of its record (row `removing`), then its bytes.
          await s.ledger((d) => d.run(d.qb.updateTable('nf_files').set({ status: 'removing' })));
          await s.live.remove('comments/brief');
        }
      },
      s.copy,
    );
    expect(copied.databaseCopies).toBe(2);
    expect(copied.files).toBe(0);
  });

  it('fails when the database keeps naming a file the store does not hold', async () => {
    const s = await scene();
    await s.row('lost', 'ready');
    await expect(
      consistentBackup(s.live, s.target, async () => copyFileSync(s.file, s.copy), s.copy),
    ).rejects.toThrow(/names 1 file\(s\) the store does not hold \(first: comments\/lost\), after 10 copies/);
  });

  it('leaves out files no row knows, keeps the sweep’s, and a restore makes the store the backup’s', async () => {
    const s = await scene();
    await s.put('stray');
    await s.put('abandoned');
    await s.row('abandoned', 'uploading');
    await s.put('kept');
    await s.row('kept', 'ready');
    await consistentBackup(s.live, s.target, async () => copyFileSync(s.file, s.copy), s.copy);
    // The stray has no row: no sweep would ever find it. The abandoned upload's row finds it.
    expect(await s.target.has('comments/stray')).toBe(false);
    expect(await s.target.has('comments/abandoned')).toBe(true);
    const restored = localStore(join(s.dir, 'restored'));
    await restored.put('comments/old', Readable.from([Buffer.from('of the database replaced')]));
    const keys = await restoreFiles(s.target, restored);
    expect([...keys].sort()).toEqual(['comments/abandoned', 'comments/kept']);
    expect(await pruneStore(restored, keys)).toBe(1);
    expect(await restored.has('comments/old')).toBe(false);
    const got = await restored.get('comments/kept');
    expect(Buffer.concat(await got!.body.toArray()).toString()).toBe('bytes of kept');
  });
});
