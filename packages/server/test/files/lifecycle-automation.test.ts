/**
 * Review of the files lifecycle: the removal job (idempotent, retried, variants), the job
 * list, history, a trigger / webhook / notification on `op: 'update'` hearing an upload,
 * versions, and storage quotas over HTTP, once per dialect.
 */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/core/rules/rule-context';
import { DIALECTS } from '../test-databases';
import { codeOf, type Lifecycle, startLifecycle } from './lifecycle-app';

type Row = Record<string, any>;

const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

describe.each(DIALECTS)('files lifecycle and automation, on %s', (dialect) => {
  let h: Lifecycle;
  let boss: Caller;
  const folderOf = async (owner: Caller) =>
    String(((await h.core.create(boss, 'folders', { title: 'Receipts', owner: owner.id })) as Row).id);
  const tokenOf = async (who: Caller) => {
    const res = await h.t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: 'test-password-1' },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { authorization: `Bearer ${res.json().token}` };
  };
  const fileJobs = () =>
    h.t.db.all<Row>(h.t.db.qb.selectFrom('nf_jobs').selectAll().where('kind', '=', 'file').orderBy('id'));

  beforeEach(async () => {
    h = await startLifecycle(dialect, undefined, undefined, {
      webhooks: { folderEvents: { url: 'http://127.0.0.1:9/hook', secret: SECRET } },
    });
    boss = await h.caller('boss');
  });
  afterEach(async () => {
    await h?.close();
  });

  it('the removal job: retried while the store fails, idempotent, variants removed, listed sensibly', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const ref = await h.upload(owner, 'folders', folder, 'scan', png);
    expect((await h.t.inject({ method: 'GET', url: `${ref.url}&variant=thumb` })).statusCode).toBe(200);
    expect((await h.keys()).some((k) => k.startsWith(`variants/${ref.id}/`))).toBe(true);
    await h.core.files.remove(owner, 'folders', folder, 'scan', ref.id);
    h.store.failRemoves(1);
    await h.t.runJobs();
    let [job] = await fileJobs();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, entity: 'folders', recordId: folder });
    expect(String(job!.error)).toContain('the store is down');
    expect((await h.ledger()).find((r) => r.id === ref.id)?.status).toBe('removing');
    h.clock.advance({ minutes: 1 });
    await h.t.runJobs();
    [job] = await fileJobs();
    expect(job).toMatchObject({ status: 'done' });
    expect(await h.keys()).toEqual([]);
    expect(await h.ledger()).toEqual([]);
    // The admin's job list names it.
    const list = await h.t.inject({
      method: 'GET',
      url: '/api/jobs?kind=file',
      headers: await tokenOf(boss),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      kind: 'file',
      status: 'done',
      entity: 'folders',
      recordId: folder,
    });
    // Run again (a second process, a sweep first): nothing fails.
    const second = await h.upload(owner, 'folders', folder, 'pages');
    await h.core.files.remove(owner, 'folders', folder, 'pages', second.id);
    await h.core.files.sweep(0);
    await h.t.runJobs();
    expect((await fileJobs()).map((j) => j.status)).toEqual(['done', 'done']);
    expect(await h.violations()).toEqual([]);
  });

  it('one file whose bytes cannot be removed does not stop the sweep from removing every other', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const stuck = await h.upload(owner, 'folders', folder, 'pages');
    h.store.failRemovesOf((k) => k === stuck.id);
    await h.core.files.remove(owner, 'folders', folder, 'pages', stuck.id);
    await h.t.runJobs();
    // An upload abandoned after it: the sweep meets the stuck row first (oldest updatedAt).
    h.clock.advance({ minutes: 1 });
    const abandoned = await h.core.files.begin(owner, 'folders', folder, 'pages', 'gone.png');
    await h.store.put(abandoned.key, (await import('node:stream')).Readable.from([Buffer.from('x')]));
    h.clock.advance({ minutes: 1 });
    const sweepFailed = await codeOf(h.core.files.sweep(0));
    // Whatever the sweep says of the stuck one, the abandoned upload is gone.
    expect({ sweepFailed, left: await h.store.has(abandoned.key) }).toEqual({ sweepFailed, left: false });
  });

  it('an upload and a removal are updates: history, version, If-Match, a trigger on changed(pages), a webhook, a notification', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const ref = await h.upload(boss, 'folders', folder, 'pages');
    const got = (await h.core.get(owner, 'folders', folder)) as Row;
    expect(got.version).toBeGreaterThanOrEqual(2);
    // The trigger on op 'update' with changed('pages') moved it.
    expect(got.status).toBe('touched');
    const headers = await tokenOf(owner);
    const stale = await h.t.inject({
      method: 'PATCH',
      url: `/api/entities/folders/${folder}`,
      headers: { ...headers, 'if-match': '1' },
      payload: { title: 'Stale' },
    });
    expect(stale.statusCode).toBe(412);
    const history = await h.t.inject({
      method: 'GET',
      url: `/api/entities/folders/${folder}/history`,
      headers,
    });
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain(ref.id);
    expect(history.body).not.toContain('token=');
    // The webhook on op 'update' is queued; the owner is told.
    const hooks = await h.t.db.all<Row>(
      h.t.db.qb.selectFrom('nf_jobs').selectAll().where('kind', '=', 'webhook'),
    );
    expect(hooks.length).toBeGreaterThanOrEqual(1);
    const notes = await h.t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(notes.json().items.length).toBeGreaterThanOrEqual(1);
    // The removal too.
    const before = hooks.length;
    await h.core.files.remove(owner, 'folders', folder, 'pages', ref.id);
    const after = (await h.core.get(owner, 'folders', folder)) as Row;
    expect(after.version).toBe(got.version + 1);
    const again = await h.t.inject({
      method: 'GET',
      url: `/api/entities/folders/${folder}/history`,
      headers,
    });
    expect(again.json().items.length).toBeGreaterThan(history.json().items.length);
    const hooksAfter = await h.t.db.all<Row>(
      h.t.db.qb.selectFrom('nf_jobs').selectAll().where('kind', '=', 'webhook'),
    );
    expect(hooksAfter.length).toBeGreaterThan(before);
  });

  it("GET /api/quotas: a member's bytes match the ledger's ready files after uploads and removals", async () => {
    const owner = await h.caller('member');
    const headers = await tokenOf(owner);
    const folder = await folderOf(owner);
    const usage = async () => {
      const res = await h.t.inject({ method: 'GET', url: '/api/quotas', headers });
      return (res.json().items as Row[]).find((q) => q.name === 'memberBytes');
    };
    const a = await h.upload(
      owner,
      'folders',
      folder,
      'pages',
      Buffer.alloc(100, 1),
      'application/octet-stream',
    );
    await h.upload(owner, 'folders', folder, 'pages', Buffer.alloc(250, 1), 'application/octet-stream');
    expect(await usage()).toMatchObject({ used: 350, max: 1000, remaining: 650, unit: 'bytes' });
    await h.core.files.remove(owner, 'folders', folder, 'pages', a.id);
    expect(await usage()).toMatchObject({ used: 250 });
    await h.t.runJobs();
    expect(await usage()).toMatchObject({ used: 250 });
    const ready = (await h.ledger()).filter((r) => r.status === 'ready').reduce((n, r) => n + r.size, 0);
    expect(ready).toBe(250);
  });

  it('an intern pool (per role) counts every intern’s ready files together, over HTTP', async () => {
    const one = await h.caller('intern');
    const two = await h.caller('intern');
    const fa = await folderOf(one);
    const fb = await folderOf(two);
    await h.upload(one, 'folders', fa, 'pages', Buffer.alloc(300, 1), 'application/octet-stream');
    await h.upload(two, 'folders', fb, 'pages', Buffer.alloc(400, 1), 'application/octet-stream');
    const res = await h.t.inject({ method: 'GET', url: '/api/quotas', headers: await tokenOf(two) });
    expect((res.json().items as Row[]).find((q) => q.name === 'internPool')).toMatchObject({
      used: 700,
      remaining: 300,
    });
    expect(
      await codeOf(h.upload(one, 'folders', fa, 'pages', Buffer.alloc(301, 1), 'application/octet-stream')),
    ).toBe('LIMIT_EXCEEDED');
  });

  it('replacing a single file near the quota counts the file it replaces as gone (the result is within it)', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    await h.upload(owner, 'folders', folder, 'scan', Buffer.alloc(600, 1), 'application/octet-stream');
    // The member keeps 600 bytes before and after: the replacement passes no quota.
    expect(
      await codeOf(
        h.upload(owner, 'folders', folder, 'scan', Buffer.alloc(600, 2), 'application/octet-stream'),
      ),
    ).toBe('ok');
  });
});
