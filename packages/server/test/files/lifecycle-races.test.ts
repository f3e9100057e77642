/**
 * Review of the files lifecycle: the races and the paths around an upload and a removal,
 * each followed by the invariants (no record names missing bytes, no ready row nobody names,
 * after a sweep no bytes without a row), once per dialect.
 */
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/app-error';
import { applyUpdate } from '../../src/core/records/write-records';
import type { Caller } from '../../src/core/rules/rule-context';
import { DIALECTS } from '../test-databases';
import { codeOf, type Lifecycle, PNG_HEAD, startLifecycle } from './lifecycle-app';

type Row = Record<string, any>;

describe.each(DIALECTS)('files lifecycle races, on %s', (dialect) => {
  let h: Lifecycle;
  let boss: Caller;
  const folderOf = async (owner: Caller) =>
    String(((await h.core.create(boss, 'folders', { title: 'Receipts', owner: owner.id })) as Row).id);
  const settle = async () => {
    await h.core.files.sweep(0);
    await h.t.runJobs();
  };

  // A fresh app per test: one test's leftovers never count against another's invariants.
  beforeEach(async () => {
    h = await startLifecycle(dialect);
    boss = await h.caller('boss');
  });
  afterEach(async () => {
    await h?.close();
  });

  it('an upload still streaming when the sweep takes it past its grace leaves no bytes behind once it lands', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const pending = await h.core.files.begin(owner, 'folders', folder, 'pages', 'slow.png');
    // A slow client: its bytes are still arriving an hour and a bit later, when the sweep runs.
    h.clock.advance({ minutes: 61 });
    await h.core.files.sweep();
    const size = await h.store.put(pending.key, Readable.from([PNG_HEAD]));
    expect(await codeOf(h.core.files.finish(owner, pending, { size, type: 'image/png' }))).toBe('NOT_FOUND');
    // The route aborts too, after finish failed.
    await h.core.files.abort(pending);
    await settle();
    expect(await h.violations()).toEqual([]);
  });

  it('the record deleted between begin and finish: finish is NOT_FOUND and nothing stays', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const pending = await h.core.files.begin(owner, 'folders', folder, 'pages', 'a.png');
    const size = await h.store.put(pending.key, Readable.from([PNG_HEAD]));
    await h.core.remove(owner, 'folders', folder);
    expect(await codeOf(h.core.files.finish(owner, pending, { size, type: 'image/png' }))).toBe('NOT_FOUND');
    expect((await h.ledger()).some((r) => r.id === pending.id)).toBe(false);
    expect(await h.store.has(pending.key)).toBe(false);
    await settle();
    expect(await h.violations()).toEqual([]);
  });

  it('finish after the caller lost write access (the folder handed over): FORBIDDEN or NOT_FOUND, nothing stays', async () => {
    const owner = await h.caller('member');
    const other = await h.caller('member');
    const folder = await folderOf(owner);
    const pending = await h.core.files.begin(owner, 'folders', folder, 'pages', 'a.png');
    const size = await h.store.put(pending.key, Readable.from([PNG_HEAD]));
    await h.core.update(boss, 'folders', folder, { owner: other.id });
    expect(await codeOf(h.core.files.finish(owner, pending, { size, type: 'image/png' }))).toBe('NOT_FOUND');
    expect(await h.store.has(pending.key)).toBe(false);
    expect(((await h.core.get(other, 'folders', folder)) as Row).pages).toEqual([]);
    await settle();
    expect(await h.violations()).toEqual([]);
  });

  it('two uploads at once into a single file field: one stays, the other goes removing and its bytes go', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const [a, b] = await Promise.all([
      h.core.files.begin(owner, 'folders', folder, 'scan', 'a.png'),
      h.core.files.begin(owner, 'folders', folder, 'scan', 'b.png'),
    ]);
    await h.store.put(a.key, Readable.from([PNG_HEAD]));
    await h.store.put(b.key, Readable.from([PNG_HEAD]));
    const codes = await Promise.all([
      codeOf(h.core.files.finish(owner, a, { size: PNG_HEAD.length, type: 'image/png' })),
      codeOf(h.core.files.finish(owner, b, { size: PNG_HEAD.length, type: 'image/png' })),
    ]);
    expect(codes).toEqual(['ok', 'ok']);
    const held = ((await h.core.get(owner, 'folders', folder)) as Row).scan;
    const loser = held.id === a.id ? b : a;
    const ledger = new Map((await h.ledger()).map((r) => [r.id, r.status]));
    expect([ledger.get(held.id), ledger.get(loser.id)]).toEqual(['ready', 'removing']);
    await h.t.runJobs();
    expect(await h.store.has(loser.key)).toBe(false);
    expect(await h.violations()).toEqual([]);
  });

  it('an image variant made while its file is removed leaves no variant bytes behind', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const png = await (await import('sharp'))
      .default({
        create: { width: 32, height: 32, channels: 3, background: { r: 1, g: 2, b: 3 } },
      })
      .png()
      .toBuffer();
    const ref = await h.upload(owner, 'folders', folder, 'scan', png);
    // The variant is made from the original, then stored: its store is held there.
    const held = h.store.hold('put', (k) => k.startsWith(`variants/${ref.id}/`));
    const download = h.t.inject({ method: 'GET', url: `${ref.url}&variant=thumb` });
    await held.reached;
    await h.core.files.remove(owner, 'folders', folder, 'scan', ref.id);
    await h.t.runJobs();
    held.release();
    await download;
    await settle();
    expect(await h.violations()).toEqual([]);
  });

  it('a download racing the removal of its file answers 404, not 500', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const ref = await h.upload(owner, 'folders', folder, 'pages');
    const held = h.store.hold('get', (k) => k === ref.id);
    const download = h.t.inject({ method: 'GET', url: ref.url });
    await held.reached;
    await h.core.files.remove(owner, 'folders', folder, 'pages', ref.id);
    await h.t.runJobs();
    held.release();
    expect((await download).statusCode).toBe(404);
    expect(await h.violations()).toEqual([]);
  });

  it('a PATCH of another field and a transition leave the files as they are', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const scan = await h.upload(owner, 'folders', folder, 'scan');
    const page = await h.upload(owner, 'folders', folder, 'pages');
    const before = await h.ledger();
    await h.core.update(owner, 'folders', folder, { title: 'Renamed' });
    await h.core.transition(owner, 'folders', folder, 'archive', {});
    const after = (await h.core.get(owner, 'folders', folder)) as Row;
    expect(after.scan.id).toBe(scan.id);
    expect(after.pages.map((p: Row) => p.id)).toEqual([page.id]);
    expect(await h.ledger()).toEqual(before);
    await settle();
    expect(await h.store.has(scan.id)).toBe(true);
    expect(await h.store.has(page.id)).toBe(true);
    expect(await h.violations()).toEqual([]);
  });

  it('a write that drops a file and then fails (a rule, a refused delete, a throw) removes no bytes', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const ref = await h.upload(owner, 'folders', folder, 'pages');
    await h.core.update(owner, 'folders', folder, { locked: true });
    expect(await codeOf(h.core.files.remove(owner, 'folders', folder, 'pages', ref.id))).toBe(
      'FOLDER_LOCKED',
    );
    expect(await codeOf(h.core.remove(owner, 'folders', folder))).toBe('FOLDER_LOCKED');
    await h.core.update(owner, 'folders', folder, { locked: false });
    // A write that takes the file out, then fails after automation heard of it.
    const failing = h.core.write(owner, async (s) => {
      const before = await s.readable('folders', folder, true);
      await applyUpdate(s, 'folders', before, { pages: [] });
      throw new AppError('FOLDER_LOCKED');
    });
    expect(await codeOf(failing)).toBe('FOLDER_LOCKED');
    expect((await h.ledger()).find((r) => r.id === ref.id)?.status).toBe('ready');
    await settle();
    expect(await h.store.has(ref.id)).toBe(true);
    expect(await h.violations()).toEqual([]);
  });

  it('a folder deleted with its notes (cascade) removes every file of both; the owner deleted leaves others\u2019 files', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const onFolder = await h.upload(owner, 'folders', folder, 'pages');
    const note = (await h.core.create(owner, 'notes', { folder, body: 'See page 2.' })) as Row;
    const onNote = await h.upload(owner, 'notes', String(note.id), 'attachments');
    await h.core.remove(owner, 'folders', folder);
    const ledger = new Map((await h.ledger()).map((r) => [r.id, r.status]));
    expect([ledger.get(onFolder.id), ledger.get(onNote.id)]).toEqual(['removing', 'removing']);
    await h.t.runJobs();
    expect(await h.store.has(onFolder.id)).toBe(false);
    expect(await h.store.has(onNote.id)).toBe(false);

    // A boss's upload into a member's folder; the boss deleted: the member still has it.
    const otherBoss = await h.caller('boss');
    const kept = await folderOf(owner);
    const byBoss = await h.upload(otherBoss, 'folders', kept, 'pages');
    await h.core.remove(boss, 'users', otherBoss.id);
    const got = (await h.core.get(owner, 'folders', kept)) as Row;
    expect(got.pages.map((p: Row) => p.id)).toEqual([byBoss.id]);
    const row = await h.core.files.open(owner, {
      entity: 'folders',
      id: kept,
      field: 'pages',
      fileId: byBoss.id,
    });
    expect(row.status).toBe('ready');
    await settle();
    expect(await h.violations()).toEqual([]);
  });
});
