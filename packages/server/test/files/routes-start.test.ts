/**
 * Where createNinefold keeps files when told nothing, and its sweep: `files/` beside an
 * SQLite file, a temporary directory for `:memory:` (gone on close), `./.data/files` on
 * PostgreSQL (said in the log); an upload a crash left unfinished is swept when the server starts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalFileStore } from '../../src/files/local-store';
import { localStore } from '../../src/files/local-store';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { freshDatabase, PG_URL } from '../test-databases';
import { filesUnder, multipartBody, png } from './file-harness';
import { vault } from './vault-app';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'nf-files-start-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Uploads a scan as a fresh boss; answers its ledger key. */
async function uploadOne(nf: Ninefold): Promise<string> {
  const boss = await nf.core.create(
    null,
    'users',
    { email: `b${Date.now()}@x.test`, name: 'B', role: 'boss' },
    true,
  );
  const caller = { id: String(boss.id), role: 'boss' } as never;
  const folder = await nf.core.create(caller, 'folders', { title: 'A', owner: boss.id });
  const pending = await nf.core.files.begin(caller, 'folders', String(folder.id), 'scan', 'a.png');
  const bytes = await png();
  const size = await nf.core.files.store.put(pending.key, Readable.from([bytes]));
  await nf.core.files.finish(caller, pending, { size, type: 'image/png' });
  return pending.key;
}

describe('where files go by default', () => {
  it('beside an SQLite database file, in files/', async () => {
    const dir = temp();
    const nf = await createNinefold(vault, { database: join(dir, 'app.db'), logger: false });
    try {
      const key = await uploadOne(nf);
      expect((nf.core.files.store as LocalFileStore).dir).toBe(join(dir, 'files'));
      expect(filesUnder(join(dir, 'files'))).toContain(key);
    } finally {
      await nf.close();
    }
  });

  it('for :memory:, a temporary directory removed on close', async () => {
    const nf = await createNinefold(vault, { database: ':memory:', logger: false });
    const dir = (nf.core.files.store as LocalFileStore).dir;
    await uploadOne(nf);
    expect(existsSync(dir)).toBe(true);
    await nf.close();
    expect(existsSync(dir)).toBe(false);
  });

  it.skipIf(!PG_URL)('on PostgreSQL, ./.data/files, and the log says so', async () => {
    const tdb = await freshDatabase('postgres');
    const lines: string[] = [];
    const nf = await createNinefold(vault, {
      database: tdb.url,
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } },
    });
    try {
      expect((nf.core.files.store as LocalFileStore).dir).toBe(join(process.cwd(), '.data', 'files'));
      expect(lines.some((l) => l.includes('.data/files') && l.includes('files option'))).toBe(true);
    } finally {
      await nf.close();
      await tdb.drop();
    }
  });
});

describe('the sweep', () => {
  it('runs at start: an upload a crash left unfinished is removed (row and bytes), a ready file stays', async () => {
    const dir = temp();
    const database = join(dir, 'app.db');
    const files = (store = localStore(join(dir, 'files'))) => ({ store, sweepGraceMs: 0 });
    let nf = await createNinefold(vault, { database, logger: false, files: files() });
    const kept = await uploadOne(nf);
    // What a crash between the bytes and the record's write leaves: an `uploading` row, its bytes.
    const boss = await nf.core.create(null, 'users', { email: 'c@x.test', name: 'C', role: 'boss' }, true);
    const caller = { id: String(boss.id), role: 'boss' } as never;
    const folder = await nf.core.create(caller, 'folders', { title: 'B', owner: boss.id });
    const pending = await nf.core.files.begin(caller, 'folders', String(folder.id), 'scan', 'half.png');
    await nf.core.files.store.put(pending.key, Readable.from([await png()]));
    await nf.close();
    nf = await createNinefold(vault, { database, logger: false, files: files() });
    try {
      expect(await nf.core.files.store.has(pending.key)).toBe(false);
      expect(await nf.core.files.store.has(kept)).toBe(true);
      const rows = await nf.db.all<{ id: string }>(nf.db.qb.selectFrom('nf_files').select('id'));
      expect(rows.map((r) => r.id)).not.toContain(pending.id);
    } finally {
      await nf.close();
    }
  });

  it('sweeps again once the grace of an upload cut off just before the start has passed', async () => {
    const dir = temp();
    const database = join(dir, 'app.db');
    const files = () => ({ store: localStore(join(dir, 'files')), sweepGraceMs: 2000 });
    let nf = await createNinefold(vault, { database, logger: false, files: files() });
    const boss = await nf.core.create(null, 'users', { email: 'd@x.test', name: 'D', role: 'boss' }, true);
    const caller = { id: String(boss.id), role: 'boss' } as never;
    const folder = await nf.core.create(caller, 'folders', { title: 'C', owner: boss.id });
    const pending = await nf.core.files.begin(caller, 'folders', String(folder.id), 'scan', 'cut.png');
    await nf.core.files.store.put(pending.key, Readable.from([await png()]));
    await nf.close();
    // Started again within the grace: the start's sweep leaves the upload (it may be live) …
    nf = await createNinefold(vault, { database, logger: false, files: files() });
    try {
      expect(await nf.core.files.store.has(pending.key)).toBe(true);
      // … and the sweep after the grace takes it (a regression: it waited ten minutes).
      await vi.waitFor(async () => expect(await nf.core.files.store.has(pending.key)).toBe(false), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await nf.close();
    }
  });

  it('takes a bare store as the files option too', async () => {
    const dir = temp();
    const store = localStore(join(dir, 'elsewhere'));
    const nf = await createNinefold(vault, { database: join(dir, 'app.db'), logger: false, files: store });
    try {
      expect(nf.core.files.store).toBe(store);
      const body = multipartBody([{ name: 'file', filename: 'a.txt', data: 'hi' }]);
      // No caller: refused before any byte is read, and nothing written.
      const res = await nf.server.inject({
        method: 'POST',
        url: '/api/entities/folders/0193a7c2-0000-7000-8000-000000000000/files/scan',
        headers: body.headers,
        payload: body.payload,
      });
      expect([401, 404]).toContain(res.statusCode);
      expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
    } finally {
      await nf.close();
    }
  });
});
