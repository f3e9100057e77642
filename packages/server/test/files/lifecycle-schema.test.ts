/**
 * Review of the files lifecycle: file fields added to and removed from an entity whose table
 * already has rows (schema sync on an existing database), and an export of records with
 * files imported back; once per dialect.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { defineApp, entity, f } from '@ninefold/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { localStore } from '../../src/files/local-store';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';
import { type Lifecycle, PNG_HEAD, startLifecycle } from './lifecycle-app';

type Row = Record<string, any>;

const about = { name: 'Boxes', summary: 'Boxes.', audience: 'The files review.' };
const roles = { member: {}, boss: { admin: true } };
const access = { read: { member: true }, create: { member: true }, update: { member: true } };

const v1 = defineApp({
  about,
  roles,
  entities: { boxes: entity({ fields: { title: f.text({ min: 1, max: 80 }) }, access }) },
});
const v2 = defineApp({
  about,
  roles,
  entities: {
    boxes: entity({
      fields: {
        title: f.text({ min: 1, max: 80 }),
        photo: f.file(),
        attachments: f.files({ max: 3 }),
      },
      access,
    }),
  },
});

/** v2 with its single photo made a many-files field, and its attachments a single file. */
const v3 = defineApp({
  about,
  roles,
  entities: {
    boxes: entity({
      fields: {
        title: f.text({ min: 1, max: 80 }),
        photo: f.files({ max: 3 }),
        attachments: f.file(),
      },
      access,
    }),
  },
});

describe.each(DIALECTS)('file fields and the schema, on %s', (dialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function setup() {
    const tdb: TestDatabase = await freshDatabase(dialect);
    const dir = mkdtempSync(join(tmpdir(), 'nf-review-schema-'));
    const store = localStore(join(dir, 'files'));
    cleanup.push(async () => {
      await tdb.drop();
      rmSync(dir, { recursive: true, force: true });
    });
    const open = async (
      app: typeof v1 | typeof v2 | typeof v3,
      allowDestructive = false,
    ): Promise<Ninefold> => {
      const nf = await createNinefold(app, {
        database: tdb.url,
        logger: false,
        allowDestructive,
        jobs: { manual: true },
        files: { store, sweepGraceMs: 0 },
      });
      let closed: Promise<void> | undefined;
      const close = () => (closed ??= nf.close());
      cleanup.push(close);
      return Object.assign(Object.create(nf), { close }) as Ninefold;
    };
    return { open, store };
  }

  it('a file field added to a table with rows: existing rows read photo null and attachments []; uploads work', async () => {
    const { open } = await setup();
    const first = await open(v1);
    const made = (await first.core.create(null, 'boxes', { title: 'Old' }, true)) as Row;
    await first.close();
    const second = await open(v2);
    const boss = (await second.core.create(
      null,
      'users',
      { email: 'boss@boxes.test', name: 'Boss', role: 'boss' },
      true,
    )) as Row;
    const caller = { id: String(boss.id), role: 'boss', email: 'boss@boxes.test' };
    const got = (await second.core.get(caller, 'boxes', String(made.id))) as Row;
    expect([got.photo, got.attachments]).toEqual([null, []]);
    const listed = (await second.core.list(caller, 'boxes', {})).items as Row[];
    expect([listed[0]!.photo, listed[0]!.attachments]).toEqual([null, []]);
    const pending = await second.core.files.begin(caller, 'boxes', String(made.id), 'attachments', 'a.png');
    const size = await second.core.files.store.put(pending.key, Readable.from([PNG_HEAD]));
    await second.core.files.finish(caller, pending, { size, type: 'image/png' });
    expect(((await second.core.get(caller, 'boxes', String(made.id))) as Row).attachments).toHaveLength(1);
  });

  it('a file field removed from the spec (a destructive sync): its files do not stay ready, held and counted forever', async () => {
    const { open, store } = await setup();
    const first = await open(v2);
    const boss = (await first.core.create(
      null,
      'users',
      { email: 'boss@boxes.test', name: 'Boss', role: 'boss' },
      true,
    )) as Row;
    const caller = { id: String(boss.id), role: 'boss', email: 'boss@boxes.test' };
    const made = (await first.core.create(caller, 'boxes', { title: 'Box' })) as Row;
    const pending = await first.core.files.begin(caller, 'boxes', String(made.id), 'attachments', 'a.png');
    const size = await store.put(pending.key, Readable.from([PNG_HEAD]));
    await first.core.files.finish(caller, pending, { size, type: 'image/png' });
    await first.close();
    const second = await open(v1, true);
    await second.core.files.sweep(0);
    await second.jobs.runDue();
    const rows = await second.db.all<Row>(second.db.qb.selectFrom('nf_files').select(['id', 'status']));
    // No record names the file any more: nothing may keep it ready, or its bytes.
    expect(rows.filter((r) => r.status === 'ready')).toEqual([]);
    expect(await store.has(pending.key)).toBe(false);
  });

  it('a single file field made a many-files one (and back): stored values read in the new shape, or the sync says so', async () => {
    const { open, store } = await setup();
    const first = await open(v2);
    const boss = (await first.core.create(
      null,
      'users',
      { email: 'boss@boxes.test', name: 'Boss', role: 'boss' },
      true,
    )) as Row;
    const caller = { id: String(boss.id), role: 'boss', email: 'boss@boxes.test' };
    const made = String(((await first.core.create(caller, 'boxes', { title: 'Box' })) as Row).id);
    for (const field of ['photo', 'attachments']) {
      const pending = await first.core.files.begin(caller, 'boxes', made, field, 'a.png');
      const size = await store.put(pending.key, Readable.from([PNG_HEAD]));
      await first.core.files.finish(caller, pending, { size, type: 'image/png' });
    }
    await first.close();
    let second: Ninefold;
    try {
      second = await open(v3);
    } catch {
      // Refused as a change the sync cannot make by itself: that is an answer too.
      return;
    }
    const got = (await second.core.get(caller, 'boxes', made)) as Row;
    expect(Array.isArray(got.photo)).toBe(true);
    expect(Array.isArray(got.attachments)).toBe(false);
  });
});

describe.each(DIALECTS)('an export of records with files, imported back, on %s', (dialect) => {
  let h: Lifecycle;
  afterEach(async () => {
    await h?.close();
  });

  it('CSV and JSON export the files without urls; importing them back ignores the file columns and writes no file', async () => {
    h = await startLifecycle(dialect);
    const boss = await h.caller('boss');
    const owner = await h.caller('member');
    const folder = String(
      ((await h.core.create(boss, 'folders', { title: 'Receipts', owner: owner.id })) as Row).id,
    );
    const ref = await h.upload(owner, 'folders', folder, 'pages');
    await h.upload(owner, 'folders', folder, 'scan');
    const login = await h.t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: boss.email, password: 'test-password-1' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const csv = await h.t.inject({ method: 'GET', url: '/api/entities/folders/export?format=csv', headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('token=');
    const json = await h.t.inject({
      method: 'GET',
      url: '/api/entities/folders/export?format=json',
      headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).not.toContain('token=');
    expect(json.json()[0].pages[0]).toEqual({
      id: ref.id,
      name: 'scan.png',
      size: PNG_HEAD.length,
      type: 'image/png',
    });
    const ledger = await h.ledger();
    for (const [type, body] of [
      ['text/csv', csv.body],
      ['application/json', json.body],
    ] as const) {
      const res = await h.t.inject({
        method: 'POST',
        url: '/api/entities/folders/import',
        headers: { ...headers, 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ignoredColumns).toEqual(expect.arrayContaining(['scan', 'pages']));
    }
    const all = (await h.core.list(boss, 'folders', {})).items as Row[];
    expect(all).toHaveLength(3);
    const copies = all.filter((r) => r.id !== folder);
    expect(copies.map((r) => [r.scan, r.pages])).toEqual([
      [null, []],
      [null, []],
    ]);
    expect(await h.ledger()).toEqual(ledger);
    expect(await h.violations()).toEqual([]);
  });
});
