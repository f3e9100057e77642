/**
 * Issue #18, "Must show", per dialect: uploads that try something. HTML named `.png`; paths
 * in names; an image whose header claims 100,000 × 100,000 pixels; a body past the limit
 * streamed slowly over a real socket (refused before it was all sent, memory measured);
 * broken multipart; a wrong type; a download by someone who lost access. Each refusal is a
 * catalogue problem and changes nothing: no ledger row, no bytes after a sweep, the record's
 * version as it was.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import {
  claimedPng,
  type FileHarness,
  filesUnder,
  type Part,
  png,
  startFiles,
  type TestUser,
} from './file-harness';
import { slowUpload } from './slow-upload';
import { vault } from './vault-app';

type Row = Record<string, any>;

const HTML = '<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>';
const MiB = 1_048_576;

describe.each(DIALECTS)('uploads that try something, on %s', (dialect) => {
  let h: FileHarness;
  let agent: TestUser;
  let ticket: string;
  const target = () => `tickets/${ticket}/files/attachments`;

  /** What a refused upload must leave as it was, once swept. */
  async function unchanged<T>(act: () => Promise<T>): Promise<T> {
    // Bytes of files removed earlier go after their commit, or at a sweep: gone before counting.
    await h.sweep();
    const before = { rows: await h.ledger(), keys: await h.keys(), version: await version() };
    const out = await act();
    expect(await h.ledger()).toEqual(before.rows);
    expect(await version()).toBe(before.version);
    await h.sweep();
    expect(await h.keys()).toEqual(before.keys);
    return out;
  }
  async function version(): Promise<number> {
    return (await h.call(agent, 'GET', `/api/entities/tickets/${ticket}`)).json().version;
  }
  function problem(res: { statusCode: number; headers: Row; json(): any }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe(code);
    return res.json();
  }

  beforeAll(async () => {
    h = await startFiles(app, dialect);
    agent = await h.user('agent');
    const customer = await h.user('customer');
    const res = await h.call(customer, 'POST', '/api/entities/tickets', {
      subject: 'Scanner',
      description: 'Broken.',
    });
    ticket = res.json().id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('HTML named .png is refused by the helpdesk (images, PDF and text only): 422 file_type', async () => {
    const res = await unchanged(() =>
      h.upload(agent, target(), { name: 'file', filename: 'cat.png', type: 'image/png', data: HTML }),
    );
    const p = problem(res, 422, 'VALIDATION_FAILED');
    expect(p.errors).toEqual([expect.objectContaining({ path: 'attachments', code: 'file_type' })]);
  });

  it('a wrong type (a PDF where only images go) is refused 422 file_type, nothing kept', async () => {
    const v = await startFiles(vault, dialect);
    try {
      const boss = await v.user('boss');
      const folder = (
        await v.call(boss, 'POST', '/api/entities/folders', { title: 'A', owner: boss.id })
      ).json();
      const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
      const before = await v.ledger();
      const res = await v.upload(boss, `folders/${folder.id}/files/scan`, {
        name: 'file',
        filename: 'scan.png',
        type: 'image/png',
        data: pdf,
      });
      expect(problem(res, 422, 'VALIDATION_FAILED').errors[0]).toMatchObject({
        path: 'scan',
        code: 'file_type',
      });
      expect(await v.ledger()).toEqual(before);
      await v.sweep();
      expect(await v.keys()).toEqual([]);
      const after = (await v.call(boss, 'GET', `/api/entities/folders/${folder.id}`)).json();
      expect(after.version).toBe(folder.version);
      expect(after.scan ?? null).toBeNull();
    } finally {
      await v.close();
    }
  });

  it('HTML on a field that accepts anything is served as an attachment that cannot run', async () => {
    const v = await startFiles(vault, dialect);
    try {
      const boss = await v.user('boss');
      const folder = (
        await v.call(boss, 'POST', '/api/entities/folders', { title: 'A', owner: boss.id })
      ).json();
      const res = await v.upload(boss, `folders/${folder.id}/files/anything`, {
        name: 'file',
        filename: 'cat.png',
        type: 'image/png',
        data: HTML,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().type).not.toBe('image/png');
      const got = await v.request({ method: 'GET', url: res.json().url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toMatch(/^application\/octet-stream/);
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment/);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(String(got.headers['content-security-policy'])).toContain('sandbox');
      expect(got.body).toBe(HTML);
    } finally {
      await v.close();
    }
  });

  it.each([
    '../../../../etc/passwd.png',
    '/etc/cron.d/evil.png',
    '..\\..\\windows\\system32\\evil.png',
    'C:\\Users\\evil.png',
    './.tmp/../../x.png',
  ])('the name %s is kept safe: no path reaches the disk, the key is the server’s', async (name) => {
    const res = await h.upload(agent, target(), {
      name: 'file',
      filename: name,
      type: 'image/png',
      data: await png(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const ref = res.json();
    expect(ref.name).not.toMatch(/[/\\]/);
    expect(ref.name.startsWith('.')).toBe(false);
    expect(ref.name.endsWith('.png')).toBe(true);
    const row = (await h.ledger()).find((r) => r.id === ref.id) as Row;
    expect(row.key).toContain(ref.id);
    expect(row.key).not.toMatch(/evil|passwd|windows|Users|\.\./);
    const served = await h.call(agent, 'GET', new URL(ref.url, 'http://x').pathname);
    expect(String(served.headers['content-disposition'])).not.toMatch(/[/\\]/);
    // Only the store's directory was written under its parent, and nothing in it bears the name.
    const dir = h.dir as string;
    expect(readdirSync(join(dir, '..'))).toEqual(['files']);
    expect(filesUnder(dir).some((f) => /evil|passwd|windows|Users|cron/.test(f))).toBe(false);
    expect((await h.call(agent, 'DELETE', new URL(ref.url, 'http://x').pathname)).statusCode).toBe(204);
  });

  it('a PNG whose header claims 100,000 × 100,000 pixels: 422 too_many_pixels, nothing kept', async () => {
    const res = await unchanged(() =>
      h.upload(agent, target(), {
        name: 'file',
        filename: 'bomb.png',
        type: 'image/png',
        data: claimedPng(100_000, 100_000),
      }),
    );
    const p = problem(res, 422, 'VALIDATION_FAILED');
    expect(p.errors).toEqual([expect.objectContaining({ path: 'attachments', code: 'too_many_pixels' })]);
  });

  it('a body past the limit streamed slowly over a socket gets 413 before it is all sent; memory stays flat', async () => {
    const total = 200 * MiB;
    const realPng = await png(64, 64);
    const result = await unchanged(() =>
      slowUpload({
        port: h.port,
        path: `/api/entities/${target()}`,
        headers: agent.headers,
        total,
        // A whole real PNG (64 × 64) first: neither its type nor its pixels stop it, only its size.
        head: realPng,
      }),
    );
    console.info(
      `[files] 413 after ${(result.sentWhenAnswered / MiB).toFixed(1)} MiB of a ${total / MiB} MiB attempt ` +
        `(limit 10 MiB); resident memory grew ${(result.rssGrowth / MiB).toFixed(1)} MiB`,
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.sentWhenAnswered).toBeLessThan(total / 4);
    expect(result.sent).toBeLessThan(total);
    expect(result.rssGrowth).toBeLessThan(64 * MiB);
  });

  it('a Content-Length already over the limit gets 413 before any of the body is sent', async () => {
    const result = await unchanged(() =>
      slowUpload({
        port: h.port,
        path: `/api/entities/${target()}`,
        headers: agent.headers,
        total: 0,
        contentLength: 200 * MiB,
      }),
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  const png8 = { name: 'file', filename: 'a.png', type: 'image/png' };
  it.each<{ what: string; parts?: Part[]; raw?: { type: string; body: string } }>([
    { what: 'no file, only a field', parts: [{ name: 'note', data: 'hello' }] },
    { what: 'no parts at all', parts: [] },
    {
      what: 'two files',
      parts: [
        { ...png8, data: 'x' },
        { ...png8, filename: 'b.png', data: 'y' },
      ],
    },
    { what: 'a file under another name', parts: [{ ...png8, name: 'upload', data: 'x' }] },
    {
      what: 'a field before the file',
      parts: [
        { name: 'note', data: 'hi' },
        { ...png8, data: 'x' },
      ],
    },
    { what: 'a JSON body', raw: { type: 'application/json', body: '{"file":"aGVsbG8="}' } },
    { what: 'a text body', raw: { type: 'text/plain', body: 'hello' } },
    { what: 'multipart with no boundary', raw: { type: 'multipart/form-data', body: 'hello' } },
    {
      what: 'multipart cut short',
      raw: {
        type: 'multipart/form-data; boundary=zz',
        body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      },
    },
  ])('bad multipart ($what) is refused 400 MALFORMED_REQUEST, nothing kept', async ({ parts, raw }) => {
    const png1 = await png();
    const withBytes = parts?.map((p) => (p.filename && p.data === 'x' ? { ...p, data: png1 } : p));
    const res = await unchanged(() =>
      raw
        ? h.request({
            method: 'POST',
            url: `/api/entities/${target()}`,
            headers: { ...agent.headers, 'content-type': raw.type },
            payload: raw.body,
          })
        : h.upload(agent, target(), withBytes ?? []),
    );
    problem(res, 400, 'MALFORMED_REQUEST');
    expect(res.body).not.toMatch(/busboy|stack|at \//i);
  });

  it('a download by someone who lost access is 404, by session and by link', async () => {
    const other = await h.user('agent');
    const up = await h.upload(agent, target(), {
      name: 'file',
      filename: 'proof.png',
      type: 'image/png',
      data: await png(),
    });
    expect(up.statusCode, up.body).toBe(201);
    const path = new URL(up.json().url, 'http://x').pathname;
    const mine = (await h.call(other, 'GET', `/api/entities/tickets/${ticket}`)).json().attachments as Row[];
    const url = mine.find((f) => f.id === up.json().id)?.url as string;
    expect((await h.request({ method: 'GET', url })).statusCode).toBe(200);
    const admin = await h.user('admin');
    const demoted = await h.call(admin, 'PATCH', `/api/entities/users/${other.id}`, { role: 'customer' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const byLink = await h.request({ method: 'GET', url });
    expect(byLink.statusCode).toBe(404);
    const again = await h.signIn(other);
    const bySession = await h.call(again, 'GET', path);
    expect(bySession.statusCode).toBe(404);
    expect(bySession.body).not.toContain('proof');
  });
});
