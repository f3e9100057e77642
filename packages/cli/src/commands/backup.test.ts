/**
 * `ninefold backup` while a real `ninefold start` keeps writing, and `ninefold restore` of
 * what it made: the restored file is sound and holds every write acknowledged before the
 * backup began. Both commands as users run them, in their own processes.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase, sqliteProblems } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import { logIn, ninefold, ninefoldAsync, removeScratch, scratchDir, serve } from '../../test/run-cli';

afterAll(removeScratch);

const PASSWORD = 'demo-password-1';

describe('ninefold backup and restore (SQLite)', { timeout: 120_000 }, () => {
  it('backs up while writes stream, and the restore is sound and holds every write acknowledged before', async () => {
    const dataDir = scratchDir('backup-live');
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: dataDir });
    const file = join(scratchDir('backup-out'), 'helpdesk.db');
    const acked: string[] = [];
    let writing = true;
    let writes: Promise<void>[] = [];
    try {
      const agent = await logIn(s.url, 'agent@helpdesk.test', PASSWORD);
      const headers = { authorization: `Bearer ${agent}`, 'content-type': 'application/json' };
      const list = await fetch(`${s.url}/api/entities/tickets?status=open&limit=1`, { headers });
      const ticket = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
      // Four writers, each one comment at a time, until told to stop.
      writes = Array.from({ length: 4 }, async () => {
        while (writing) {
          const res = await fetch(`${s.url}/api/entities/comments`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ ticket, body: `Comment ${acked.length}` }),
          });
          if (res.status === 201) acked.push(((await res.json()) as { id: string }).id);
        }
      });
      for (const deadline = Date.now() + 30_000; acked.length < 40; ) {
        if (Date.now() > deadline) throw new Error(`only ${acked.length} writes acknowledged in 30 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const before = [...acked];
      const result = await ninefoldAsync(['backup', file, 'examples/helpdesk'], { DATA_DIR: dataDir });
      const during = acked.length - before.length;
      writing = false;
      await Promise.all(writes);
      expect(result.err).toBe('');
      expect(result.out).toMatch(/✓ backed up SQLite .* \(\d+\.\d MB, integrity checked\)/);
      expect(result.code).toBe(0);
      // One file and its files: no -wal or -shm left beside it, nor a .partial.
      expect(readdirSync(dirname(file)).sort()).toEqual(['helpdesk.db', 'helpdesk.db.files']);
      // The server went on acknowledging writes while the copy was made.
      expect(during).toBeGreaterThan(0);

      const restored = scratchDir('backup-restored');
      const back = ninefold(['restore', file, 'examples/helpdesk'], { DATA_DIR: restored });
      expect(back.out).toContain('✓ restored SQLite');
      expect(back.code).toBe(0);
      expect(await sqliteProblems(join(restored, 'app.db'))).toEqual([]);
      const db = openDatabase(join(restored, 'app.db'));
      try {
        const rows = await db.all<{ id: string }>(db.qb.selectFrom('comments').select('id'));
        const have = new Set(rows.map((r) => r.id));
        expect(before.filter((id) => !have.has(id))).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      writing = false;
      await Promise.all(writes);
      expect((await s.stop()).code).toBe(0);
    }
  });

  it.each([
    {
      name: 'a backup over an existing file without --force',
      args: (f: string) => ['backup', f, 'examples/helpdesk'],
      setup: (f: string, dataDir: string) => {
        expect(ninefold(['migrate', 'examples/helpdesk'], { DATA_DIR: dataDir }).code).toBe(0);
        writeFileSync(f, 'x');
      },
      says: 'exists (--force replaces it)',
      creates: true,
    },
    {
      name: 'a restore of a file that is not a database',
      args: (f: string) => ['restore', f, 'examples/helpdesk'],
      setup: (f: string) => writeFileSync(f, 'not a database at all'),
      says: 'is not a sound database',
      creates: false,
    },
    {
      name: 'a restore of a file that does not exist',
      args: (f: string) => ['restore', f, 'examples/helpdesk'],
      setup: () => {},
      says: 'there is no backup at',
      creates: false,
    },
  ])('refuses $name, changing nothing', ({ args, setup, says, creates }) => {
    const dataDir = scratchDir('backup-refused');
    const f = join(dataDir, 'given.db');
    setup(f, dataDir);
    const { code, err } = ninefold(args(f), { DATA_DIR: dataDir });
    expect(err).toContain(says);
    expect(code).toBe(1);
    expect(existsSync(join(dataDir, 'app.db'))).toBe(creates);
    expect(existsSync(`${f}.partial`)).toBe(false);
  });

  it('refuses to restore over an existing database without --force', async () => {
    const dataDir = scratchDir('backup-exists');
    expect(ninefold(['migrate', 'examples/helpdesk'], { DATA_DIR: dataDir }).code).toBe(0);
    const file = join(dataDir, 'copy.db');
    expect(ninefold(['backup', file, 'examples/helpdesk'], { DATA_DIR: dataDir }).code).toBe(0);
    const { code, err } = ninefold(['restore', file, 'examples/helpdesk'], { DATA_DIR: dataDir });
    expect(err).toContain('exists (--force replaces it with the backup)');
    expect(code).toBe(1);
    expect(ninefold(['restore', file, 'examples/helpdesk', '--force'], { DATA_DIR: dataDir }).code).toBe(0);
  });

  it('tells a PostgreSQL install to use pg_dump', () => {
    const { code, err } = ninefold(['backup', '/tmp/never.db', 'examples/helpdesk'], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(err).toContain('pg_dump');
    expect(code).toBe(1);
  });
});
