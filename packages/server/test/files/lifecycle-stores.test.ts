/**
 * Review of the files lifecycle across processes and stores: two createNinefold servers on
 * one PostgreSQL database sharing one files directory, and the S3 store (s3rver) through the
 * whole stack on the delete and sweep paths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/core/accounts/accounts';
import { localStore } from '../../src/files/local-store';
import { s3Store } from '../../src/files/s3-store';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { startS3, type TestS3 } from '../support/s3-server';
import { DIALECTS, freshDatabase, PG_URL } from '../test-databases';
import { multipartBody, png } from './file-harness';
import { codeOf, type Lifecycle, lifecycleApp, PNG_HEAD, startLifecycle } from './lifecycle-app';

type Row = Record<string, any>;

describe.skipIf(!PG_URL)('two servers on one PostgreSQL database and one files directory', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('upload on one, download on the other; an in-flight upload survives the other’s sweep; delete on one, gone on both', async () => {
    const tdb = await freshDatabase('postgres');
    const dir = mkdtempSync(join(tmpdir(), 'nf-review-two-'));
    cleanup.push(async () => {
      await tdb.drop();
      rmSync(dir, { recursive: true, force: true });
    });
    const start = async (): Promise<Ninefold> => {
      const nf = await createNinefold(lifecycleApp, {
        database: tdb.url,
        logger: false,
        jobs: { manual: true },
        files: { store: localStore(join(dir, 'files')) },
      });
      cleanup.push(() => nf.close());
      return nf;
    };
    const a = await start();
    const bossRow = (await a.core.create(
      null,
      'users',
      { email: 'boss@two.test', name: 'Boss', role: 'boss' },
      true,
    )) as Row;
    const memberRow = (await a.core.create(
      null,
      'users',
      { email: 'm@two.test', name: 'M', role: 'member' },
      true,
    )) as Row;
    await setPassword(a.db, String(memberRow.id), 'two-servers-pass-1', new Date());
    const boss = { id: String(bossRow.id), role: 'boss', email: 'boss@two.test' };
    const member = { id: String(memberRow.id), role: 'member', email: 'm@two.test' };
    const folder = String(
      ((await a.core.create(boss, 'folders', { title: 'Shared', owner: member.id })) as Row).id,
    );
    const login = await a.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'm@two.test', password: 'two-servers-pass-1' },
    });
    const auth = { authorization: `Bearer ${login.json().token}` };

    // An upload begun on A, its bytes arriving, when B starts (and sweeps at its start).
    const inFlight = await a.core.files.begin(member, 'folders', folder, 'pages', 'slow.png');
    const b = await start();
    await b.core.files.sweep();
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    const size = await a.core.files.store.put(inFlight.key, Readable.from([PNG_HEAD]));
    expect(await codeOf(a.core.files.finish(member, inFlight, { size, type: 'image/png' }))).toBe('ok');

    // Uploaded through A's route, downloaded through B with A's link and with the session.
    const image = await png(20, 20);
    const body = multipartBody([{ name: 'file', filename: 'scan.png', type: 'image/png', data: image }]);
    const up = await a.server.inject({
      method: 'POST',
      url: `/api/entities/folders/${folder}/files/scan`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const ref = up.json();
    const viaLink = await b.server.inject({ method: 'GET', url: ref.url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(image)).toBe(true);
    const variant = await b.server.inject({ method: 'GET', url: `${ref.url}&variant=thumb` });
    expect(variant.statusCode).toBe(200);

    // Deleted through B; its job run by A's worker; gone for both.
    const del = await b.server.inject({
      method: 'DELETE',
      url: `/api/entities/folders/${folder}/files/scan/${ref.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await a.server.inject({ method: 'GET', url: ref.url })).statusCode).toBe(404);
    await a.jobs.runDue();
    await b.core.files.sweep();
    const keys: string[] = [];
    for await (const k of a.core.files.store.list()) keys.push(k.key);
    expect(keys).toEqual([inFlight.key]);
    const got = (await b.core.get(member, 'folders', folder)) as Row;
    expect([got.scan, got.pages.map((p: Row) => p.id)]).toEqual([null, [inFlight.id]]);
  });
});

describe.each(DIALECTS)('the S3 store through the whole stack, on %s', (dialect) => {
  let h: Lifecycle | undefined;
  let s3: TestS3 | undefined;
  afterEach(async () => {
    await h?.close();
    await s3?.close();
    h = undefined;
    s3 = undefined;
  });
  const start = async () => {
    s3 = await startS3();
    h = await startLifecycle(dialect, lifecycleApp, s3Store({ ...s3.options, prefix: 'files/' }));
    const boss = await h.caller('boss');
    const owner = await h.caller('member');
    const folder = String(
      ((await h.core.create(boss, 'folders', { title: 'S3', owner: owner.id })) as Row).id,
    );
    return { h, boss, owner, folder };
  };

  it('a record deleted with its notes, a file replaced, an upload abandoned: all swept from the bucket', async () => {
    const { h, owner, folder } = await start();
    const image = await png(24, 24);
    const scan = await h.upload(owner, 'folders', folder, 'scan', image);
    expect((await h.t.inject({ method: 'GET', url: `${scan.url}&variant=thumb` })).statusCode).toBe(200);
    await h.upload(owner, 'folders', folder, 'scan', image);
    const note = (await h.core.create(owner, 'notes', { folder, body: 'On S3.' })) as Row;
    await h.upload(owner, 'notes', String(note.id), 'attachments');
    const abandoned = await h.core.files.begin(owner, 'folders', folder, 'pages', 'gone.png');
    await h.store.put(abandoned.key, Readable.from([PNG_HEAD]));
    await h.t.runJobs();
    expect((await h.keys()).some((k) => k.startsWith(`variants/${scan.id}/`))).toBe(false);
    await h.core.remove(owner, 'folders', folder);
    await h.core.files.sweep(0);
    await h.t.runJobs();
    expect(await h.keys()).toEqual([]);
    expect(await h.ledger()).toEqual([]);
  });

  it('on S3 too, an upload the sweep took past its grace leaves its bytes in the bucket once they land', async () => {
    const { h, owner, folder } = await start();
    const pending = await h.core.files.begin(owner, 'folders', folder, 'pages', 'slow.png');
    h.clock.advance({ minutes: 61 });
    await h.core.files.sweep();
    const size = await h.store.put(pending.key, Readable.from([PNG_HEAD]));
    expect(await codeOf(h.core.files.finish(owner, pending, { size, type: 'image/png' }))).toBe('NOT_FOUND');
    await h.core.files.sweep(0);
    await h.t.runJobs();
    expect(await h.violations()).toEqual([]);
  });
});
