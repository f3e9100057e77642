/**
 * `ninefold backup` of an app with files, while a real `ninefold start` keeps uploading and
 * removing them, and `ninefold restore` of what it made into a new data directory: every file
 * the backup's records name is in `<file>.files/`, and the restored app serves each of them
 * byte for byte. Also what stops a start or a backup: a malformed S3 setting, by name.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi as call, type Json } from '../../test/call-api';
import { pdfOf, sha256, uploadFile } from '../../test/file-upload';
import {
  logIn,
  ninefold,
  ninefoldAsync,
  ninefoldHere,
  removeScratch,
  scratchDir,
  serve,
} from '../../test/run-cli';

afterAll(removeScratch);

const PASSWORD = 'demo-password-1';

async function readyKeys(file: string): Promise<{ id: string; key: string }[]> {
  const db = openDatabase(file);
  try {
    return await db.all(db.qb.selectFrom('nf_files').select(['id', 'key']).where('status', '=', 'ready'));
  } finally {
    await db.close();
  }
}

describe('ninefold backup and restore with files', { timeout: 180_000 }, () => {
  it('copies every file the copied database names, while uploads and removals go on, and restores them', async () => {
    const dataDir = scratchDir('backup-files');
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: dataDir });
    const file = join(scratchDir('backup-files-out'), 'helpdesk.db');
    const hashes = new Map<string, string>();
    let busy = true;
    let churn: Promise<void>[] = [];
    try {
      const agent = await logIn(s.url, 'agent@helpdesk.test', PASSWORD);
      const open = await call(s.url, agent, 'GET', '/api/entities/tickets?status=open&limit=1');
      const ticket = open.body.items[0].id as string;
      // Four writers: a comment, two files on it, one of them removed again; until told to stop.
      churn = Array.from({ length: 4 }, async (_, w) => {
        for (let n = 0; busy; n++) {
          const c = await call(s.url, agent, 'POST', '/api/entities/comments', {
            ticket,
            body: `Backup ${w}.${n}`,
          });
          expect(c.status, JSON.stringify(c.body)).toBe(201);
          const path = `/api/entities/comments/${c.body.id}/files/attachments`;
          const ids: string[] = [];
          for (const size of [40_000, 90_000]) {
            const bytes = pdfOf(size);
            const res = await uploadFile(s.url, agent, path, bytes, `w${w}-${n}.pdf`);
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            hashes.set(res.body.id, sha256(bytes));
            ids.push(res.body.id);
          }
          const gone = await call(s.url, agent, 'DELETE', `${path}/${ids[0]}`);
          expect(gone.status).toBe(204);
          // People pause between removals; removals without any pause can outrun every copy
          // (the backup then refuses, keeping nothing: the README's known limits).
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      for (const deadline = Date.now() + 60_000; hashes.size < 20; ) {
        if (Date.now() > deadline) throw new Error(`only ${hashes.size} uploads in a minute`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const result = await ninefoldAsync(['backup', file, 'examples/helpdesk'], { DATA_DIR: dataDir });
      busy = false;
      await Promise.all(churn);
      expect(result.err).toBe('');
      expect(result.out).toMatch(/✓ and its files from disk .* to .*helpdesk\.db\.files \(\d+ files?, /);
      expect(result.code).toBe(0);
      expect(readdirSync(dirname(file)).sort()).toEqual(['helpdesk.db', 'helpdesk.db.files']);
      const named = await readyKeys(file);
      expect(named.length).toBeGreaterThan(10);
      for (const { key } of named)
        expect(existsSync(join(`${file}.files`, ...key.split('/'))), key).toBe(true);
    } finally {
      busy = false;
      await Promise.all(churn).catch(() => undefined);
      expect((await s.stop()).code).toBe(0);
    }

    const restored = scratchDir('backup-files-restored');
    const back = ninefold(['restore', file, 'examples/helpdesk'], { DATA_DIR: restored });
    expect(back.err).toBe('');
    expect(back.out).toMatch(/✓ and \d+ files? from .* into disk /);
    expect(back.code).toBe(0);
    const r = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: restored });
    try {
      const agent = await logIn(r.url, 'agent@helpdesk.test', PASSWORD);
      const files: Json[] = [];
      for (let cursor = ''; ; ) {
        const list = await call(r.url, agent, 'GET', `/api/entities/comments?limit=100${cursor}`);
        files.push(...(list.body.items as Json[]).flatMap((c) => (c.attachments ?? []) as Json[]));
        if (!list.body.nextCursor) break;
        cursor = `&cursor=${list.body.nextCursor}`;
      }
      expect(files.length).toBe((await readyKeys(file)).length);
      for (const f of files) {
        const res = await fetch(new URL(f.url, r.url));
        expect(res.status, f.id).toBe(200);
        expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(hashes.get(f.id));
      }
    } finally {
      expect((await r.stop()).code).toBe(0);
    }
  });

  it('refuses a backup over existing files without --force, changing nothing', async () => {
    const dataDir = scratchDir('backup-files-exists');
    expect(ninefold(['migrate', 'examples/helpdesk'], { DATA_DIR: dataDir }).code).toBe(0);
    const file = join(dataDir, 'copy.db');
    expect(ninefold(['backup', file, 'examples/helpdesk'], { DATA_DIR: dataDir }).code).toBe(0);
    const { code, err } = ninefold(['backup', file, 'examples/helpdesk'], { DATA_DIR: dataDir });
    expect(err).toContain('exists (--force replaces it)');
    expect(code).toBe(1);
    expect(ninefold(['backup', file, 'examples/helpdesk', '--force'], { DATA_DIR: dataDir }).code).toBe(0);
    expect(
      readdirSync(dataDir)
        .filter((n) => n.startsWith('copy.db'))
        .sort(),
    ).toEqual(['copy.db', 'copy.db.files']);
  });

  it.each([
    { env: { S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA-only-half' }, says: 'S3_SECRET_ACCESS_KEY' },
    { env: { S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, says: 'S3_FORCE_PATH_STYLE' },
    { env: { NINEFOLD_FILE_SWEEP_GRACE_MS: 'soon' }, says: 'NINEFOLD_FILE_SWEEP_GRACE_MS' },
  ])('a start with $says malformed stops, naming it, before opening anything', async ({ env, says }) => {
    const dataDir = scratchDir('files-env');
    const { code, err, out } = await ninefoldHere(['start', 'examples/helpdesk', '--demo', '--port', '0'], {
      DATA_DIR: dataDir,
      ...env,
    });
    expect(err).toContain(says);
    expect(err).not.toContain('AKIA-only-half');
    expect(out).not.toContain('is running');
    expect(code).toBe(1);
    expect(existsSync(join(dataDir, 'app.db'))).toBe(false);
  });
});
