/**
 * The file core's links and quotas, per dialect: a folder that changes hands (the old
 * owner's link and session open nothing any more, the new owner's do); a link past its
 * expiry, tampered with or made for another file (INVALID_TOKEN); links revoked by a role
 * taken away, a disabled account, a revoked API key (NOT_FOUND); a single file replaced
 * (the old one goes); storage quotas per owner and per role, two finishes at once never
 * passing one together, and their usage in bytes.
 */
import { randomUUID } from 'node:crypto';
import type { FileRef } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaUsage } from '../../src/core/limits/quota-usage';
import { updateRecord } from '../../src/core/records/write-records';
import type { Caller } from '../../src/core/rules/rule-context';
import { DIALECTS } from '../test-databases';
import { coreVault } from './core-app';
import { type CoreFiles, codeOf, startCoreFiles, tokenOf } from './core-support';

type Row = Record<string, any>;

const bytes = (n: number) => Buffer.alloc(n, 1);

describe.each(DIALECTS)('file links and storage quotas, on %s', (dialect) => {
  let h: CoreFiles;
  let boss: Caller;

  const folderOf = async (owner: Caller) =>
    String(((await h.core.create(boss, 'folders', { title: 'Receipts', owner: owner.id })) as Row).id);
  const asSystem = (entity: string, id: string, patch: Row) =>
    h.core.write(null, (s) => updateRecord(s, entity, id, patch), true);
  const urlOf = async (who: Caller, folder: string) =>
    ((await h.core.get(who, 'folders', folder)) as Row).scan as FileRef;
  const opens = (who: Caller | null, folder: string, f: FileRef, token?: string) =>
    codeOf(
      h.core.files.open(who, {
        entity: 'folders',
        id: folder,
        field: 'scan',
        fileId: f.id,
        ...(token !== undefined ? { token } : {}),
      }),
    );

  beforeAll(async () => {
    h = await startCoreFiles(coreVault, dialect);
    boss = await h.caller('boss');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a folder that changes hands: the old owner loses its link and its session download, the new owner gains them', async () => {
    const first = await h.caller('member');
    const second = await h.caller('member');
    const folder = await folderOf(first);
    await h.upload(first, 'folders', folder, 'scan', bytes(10));
    const firstUrl = await urlOf(first, folder);
    expect(await opens(null, folder, firstUrl, tokenOf(firstUrl.url))).toBe('ok');
    expect(await opens(second, folder, firstUrl)).toBe('NOT_FOUND');
    await h.core.update(boss, 'folders', folder, { owner: second.id });
    expect(await opens(null, folder, firstUrl, tokenOf(firstUrl.url))).toBe('NOT_FOUND');
    expect(await opens(first, folder, firstUrl)).toBe('NOT_FOUND');
    const secondUrl = await urlOf(second, folder);
    expect(await opens(null, folder, secondUrl, tokenOf(secondUrl.url))).toBe('ok');
    expect(await opens(second, folder, secondUrl)).toBe('ok');
  });

  it('a link works until its expiry (rounded up, so urls stay stable), then is INVALID_TOKEN, as is one tampered with', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    await h.upload(owner, 'folders', folder, 'scan', bytes(10));
    h.clock.set('2031-03-04T10:01:00Z');
    try {
      const url = await urlOf(owner, folder);
      h.clock.set('2031-03-04T10:03:30Z');
      expect((await urlOf(owner, folder)).url).toBe(url.url);
      const token = tokenOf(url.url);
      const claims = await h.core.files.links.verify(token, url.id, h.clock.now());
      // An hour, rounded up to five minutes: 11:05.
      expect(new Date(claims.expires * 1000).toISOString()).toBe('2031-03-04T11:05:00.000Z');
      h.clock.set('2031-03-04T11:04:59Z');
      expect(await opens(null, folder, url, token)).toBe('ok');
      const [payload, sig] = token.split('.');
      const tampered = `${Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(owner.id, boss.id)).toString('base64url')}.${sig}`;
      expect(await opens(null, folder, url, tampered)).toBe('INVALID_TOKEN');
      expect(await opens(null, folder, url, 'garbage')).toBe('INVALID_TOKEN');
      expect(await opens(null, folder, url, '')).toBe('INVALID_TOKEN');
      const other = await h.upload(owner, 'folders', folder, 'pages', bytes(3));
      expect(
        await codeOf(
          h.core.files.open(null, { entity: 'folders', id: folder, field: 'pages', fileId: other.id, token }),
        ),
      ).toBe('INVALID_TOKEN');
      h.clock.set('2031-03-04T11:05:00Z');
      expect(await opens(null, folder, url, token)).toBe('INVALID_TOKEN');
    } finally {
      h.clock.resume();
    }
  });

  it('a link stops working when its holder loses access: a role taken away, an account disabled, an API key revoked', async () => {
    const demoted = await h.caller('member');
    const disabled = await h.caller('member');
    const keyed = await h.caller('member');
    const folders = await Promise.all([demoted, disabled, keyed].map(folderOf));
    const keyId = randomUUID();
    await h.t.db.run(
      h.t.db.qb.insertInto('nf_api_keys').values({
        id: keyId,
        hash: randomUUID(),
        prefix: 'nfk_test',
        name: 'scanner',
        userId: keyed.id,
        role: 'member',
        createdBy: keyed.id,
        createdAt: new Date().toISOString(),
        expiresAt: null,
        lastUsedAt: null,
      }),
    );
    const byKey: Caller = { ...keyed, apiKey: keyId };
    const callers = [demoted, disabled, byKey];
    const urls: FileRef[] = [];
    for (let i = 0; i < 3; i++) {
      await h.upload(callers[i]!, 'folders', folders[i]!, 'scan', bytes(5));
      urls.push(await urlOf(callers[i]!, folders[i]!));
      expect(await opens(null, folders[i]!, urls[i]!, tokenOf(urls[i]!.url))).toBe('ok');
    }
    await asSystem('users', demoted.id, { role: 'guest' });
    await asSystem('users', disabled.id, { disabled: true });
    await h.t.db.run(h.t.db.qb.deleteFrom('nf_api_keys').where('id', '=', keyId));
    for (let i = 0; i < 3; i++)
      expect(await opens(null, folders[i]!, urls[i]!, tokenOf(urls[i]!.url))).toBe('NOT_FOUND');
    // The keyed member's own session still opens it: only the key's links went.
    expect(await opens(keyed, folders[2]!, urls[2]!)).toBe('ok');
    // Given back the role, the link works again: it names the role it was given for.
    await asSystem('users', demoted.id, { role: 'member' });
    expect(await opens(null, folders[0]!, urls[0]!, tokenOf(urls[0]!.url))).toBe('ok');
  });

  it('a single file replaced: the new one is in the field, the old one goes after the commit', async () => {
    const owner = await h.caller('member');
    const folder = await folderOf(owner);
    const old = await h.upload(owner, 'folders', folder, 'scan', bytes(4));
    const now = await h.upload(owner, 'folders', folder, 'scan', bytes(6));
    expect(((await h.core.get(owner, 'folders', folder)) as Row).scan).toMatchObject({ id: now.id, size: 6 });
    expect((await h.ledger()).get(old.id)).toBe('removing');
    await h.runJobs();
    expect((await h.ledger()).has(old.id)).toBe(false);
    expect(await h.store.has(old.id)).toBe(false);
    expect(await h.store.has(now.id)).toBe(true);
  });

  it("a member's quota: two finishes at once never pass it together, a full one refuses a start; usage in bytes", async () => {
    const owner = await h.caller('member');
    const a = await folderOf(owner);
    const b = await folderOf(owner);
    const pa = await h.started(owner, 'folders', a, 'scan', bytes(60));
    const pb = await h.started(owner, 'folders', b, 'scan', bytes(60));
    const codes = await Promise.all([
      codeOf(h.core.files.finish(owner, pa, { size: 60, type: 'image/png' })),
      codeOf(h.core.files.finish(owner, pb, { size: 60, type: 'image/png' })),
    ]);
    expect(codes.sort()).toEqual(['LIMIT_EXCEEDED', 'ok']);
    const e = await h.upload(owner, 'folders', a, 'pages', bytes(41)).catch((x) => x);
    expect([e.code, e.params]).toEqual(['LIMIT_EXCEEDED', { max: 100 }]);
    await h.upload(owner, 'folders', a, 'pages', bytes(40));
    expect(await codeOf(h.core.files.begin(owner, 'folders', a, 'pages', 'x'))).toBe('LIMIT_EXCEEDED');
    const usage = await quotaUsage(h.core.scope(owner));
    expect(usage).toEqual([
      { name: 'memberBytes', entity: '*', max: 100, used: 100, remaining: 0, unit: 'bytes' },
    ]);
    // Another member's files are theirs: their own quota is empty.
    const other = await h.caller('member');
    expect((await quotaUsage(h.core.scope(other)))[0]).toMatchObject({ used: 0 });
    // A file removed frees its bytes once the write commits.
    const held = ((await h.core.get(owner, 'folders', a)) as Row).pages as FileRef[];
    await h.core.files.remove(owner, 'folders', a, 'pages', held[0]!.id);
    expect((await quotaUsage(h.core.scope(owner)))[0]).toMatchObject({ used: 60 });
  });

  it("a role's shared quota: two interns finishing at once never pass it together; its own error", async () => {
    const one = await h.caller('intern');
    const two = await h.caller('intern');
    const a = await folderOf(one);
    const b = await folderOf(two);
    const pa = await h.started(one, 'folders', a, 'scan', bytes(70));
    const pb = await h.started(two, 'folders', b, 'scan', bytes(70));
    const codes = await Promise.all([
      codeOf(h.core.files.finish(one, pa, { size: 70, type: 'image/png' })),
      codeOf(h.core.files.finish(two, pb, { size: 70, type: 'image/png' })),
    ]);
    expect(codes.sort()).toEqual(['POOL_FULL', 'ok']);
    const usage = await quotaUsage(h.core.scope(two));
    expect(usage).toEqual([
      { name: 'internPool', entity: 'folders', max: 100, used: 70, remaining: 30, unit: 'bytes' },
    ]);
  });
});
