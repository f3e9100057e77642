/**
 * The file routes' HTTP shape, per dialect: HEAD, ranges, ETags and 304, `?download`,
 * declared image variants only, a file larger than the app's JSON body limit, the
 * same-site rule for cookie writes, uploads counted against the write rate, a many-files
 * field's count, and removal.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type FileHarness, multipartBody, PASSWORD, png, startFiles, type TestUser } from './file-harness';
import { VAULT_BODY_BYTES, vault } from './vault-app';

type Row = Record<string, any>;

describe.each(DIALECTS)('the file routes, on %s', (dialect) => {
  let h: FileHarness;
  let boss: TestUser;
  let folder: string;
  let image: Buffer;
  let scan: { id: string; url: string; path: string };

  const put = (field: string, data: Buffer | string, filename = 'f.bin', user: TestUser | null = boss) =>
    h.upload(user, `folders/${folder}/files/${field}`, { name: 'file', filename, data });

  beforeAll(async () => {
    h = await startFiles(vault, dialect);
    boss = await h.user('boss');
    folder = (await h.call(boss, 'POST', '/api/entities/folders', { title: 'A', owner: boss.id })).json().id;
    image = await png(64, 48);
    const res = await put('scan', image, 'scan.png');
    expect(res.statusCode, res.body).toBe(201);
    const ref = res.json();
    scan = { id: ref.id, url: ref.url, path: new URL(ref.url, 'http://x').pathname };
  });
  afterAll(async () => {
    await h?.close();
  });

  it('registers the three routes of the table', () => {
    const routes = h.nf.server.registeredRoutes;
    expect(routes).toContain('POST /api/entities/:entity/:id/files/:field');
    expect(routes).toContain('GET /api/entities/:entity/:id/files/:field/:fileId');
    expect(routes).toContain('DELETE /api/entities/:entity/:id/files/:field/:fileId');
  });

  it('GET serves the bytes whole, with their length, type, ETag and the safe headers', async () => {
    const res = await h.request({ method: 'GET', url: scan.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(image.length),
      etag: `"${scan.id}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(String(res.headers['content-disposition'])).toMatch(/^inline/);
    const asked = await h.request({ method: 'GET', url: `${scan.url}&download` });
    expect(String(asked.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('HEAD answers the same headers and no body, reading no bytes', async () => {
    const res = await h.request({ method: 'HEAD', url: scan.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(image.length));
    expect(res.headers.etag).toBe(`"${scan.id}"`);
    expect(res.rawPayload.length).toBe(0);
  });

  it.each([
    { range: 'bytes=0-9', start: 0, end: 9 },
    { range: 'bytes=10-', start: 10, end: -1 },
    { range: 'bytes=-7', start: -7, end: -1 },
    { range: 'bytes=5-5', start: 5, end: 5 },
  ])('Range $range answers 206 with that part', async ({ range, start, end }) => {
    const res = await h.request({ method: 'GET', url: scan.url, headers: { range } });
    const size = image.length;
    const from = start < 0 ? size + start : start;
    const to = end < 0 ? size - 1 : end;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${from}-${to}/${size}`);
    expect(res.headers['content-length']).toBe(String(to - from + 1));
    expect(res.rawPayload.equals(image.subarray(from, to + 1))).toBe(true);
  });

  it.each([
    { what: 'several ranges', headers: { range: 'bytes=0-1,4-5' } },
    { what: 'a range past the end', headers: { range: 'bytes=999999-' } },
    { what: 'a range of another unit', headers: { range: 'items=0-1' } },
    { what: 'a range under a stale If-Range', headers: { range: 'bytes=0-1', 'if-range': '"other"' } },
  ])('$what: served whole (200)', async ({ headers }) => {
    const res = await h.request({ method: 'GET', url: scan.url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
  });

  it('If-None-Match with its ETag answers 304, but only to someone who may read it', async () => {
    const fresh = await h.request({
      method: 'GET',
      url: scan.url,
      headers: { 'if-none-match': `"${scan.id}"` },
    });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    const stranger = await h.user('member');
    const res = await h.call(stranger, 'GET', scan.path);
    expect(res.statusCode).toBe(404);
    const probing = await h.request({
      method: 'GET',
      url: scan.path,
      headers: { ...stranger.headers, 'if-none-match': `"${scan.id}"` },
    });
    expect(probing.statusCode).toBe(404);
  });

  it('?variant= serves a declared variant (made by sharp, its own ETag); any other name is 404', async () => {
    const res = await h.request({ method: 'GET', url: `${scan.url}&variant=thumb` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${scan.id}.thumb"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([16, 16]);
    expect(res.headers['content-type']).toBe(`image/${meta.format}`);
    const again = await h.request({ method: 'GET', url: `${scan.url}&variant=thumb` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const head = await h.request({ method: 'HEAD', url: `${scan.url}&variant=thumb` });
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    for (const name of ['preview', 'constructor', '__proto__', '../thumb']) {
      const other = await h.request({
        method: 'GET',
        url: `${scan.url}&variant=${encodeURIComponent(name)}`,
      });
      expect(other.statusCode).toBe(404);
    }
  });

  it('a variant of what is no image is 404', async () => {
    const res = await put('anything', 'plain words, no image\n', 'notes.txt');
    expect(res.statusCode, res.body).toBe(201);
    const thumb = await h.request({ method: 'GET', url: `${res.json().url}&variant=thumb` });
    expect(thumb.statusCode).toBe(404);
  });

  it("a file larger than the app's JSON body limit goes up: the field's limit applies, not that one", async () => {
    const big = Buffer.alloc(VAULT_BODY_BYTES * 6, 'x');
    const res = await put('anything', big, 'big.txt');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().size).toBe(big.length);
    const got = await h.request({ method: 'GET', url: res.json().url });
    expect(got.rawPayload.equals(big)).toBe(true);
    // The JSON routes keep theirs.
    const json = await h.call(boss, 'PATCH', `/api/entities/folders/${folder}`, {
      title: 'x'.repeat(VAULT_BODY_BYTES),
    });
    expect(json.statusCode).toBe(413);
  });

  it('a many-files field takes its declared count and refuses one more (422 too_many), keeping nothing', async () => {
    for (const n of [1, 2]) expect((await put('pages', `page ${n}\n`, `p${n}.txt`)).statusCode).toBe(201);
    const before = await h.ledger();
    const res = await put('pages', 'page 3\n', 'p3.txt');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ path: 'pages', code: 'too_many' });
    expect(await h.ledger()).toEqual(before);
    const pages = (await h.call(boss, 'GET', `/api/entities/folders/${folder}`)).json().pages as Row[];
    expect(pages.map((p) => p.name)).toEqual(['p1.txt', 'p2.txt']);
  });

  it('DELETE removes one file (204), then it is gone (404)', async () => {
    const pages = (await h.call(boss, 'GET', `/api/entities/folders/${folder}`)).json().pages as Row[];
    const path = new URL(pages[0]?.url, 'http://x').pathname;
    expect((await h.call(boss, 'DELETE', path)).statusCode).toBe(204);
    expect((await h.call(boss, 'DELETE', path)).statusCode).toBe(404);
    expect((await h.call(boss, 'GET', path)).statusCode).toBe(404);
    const left = (await h.call(boss, 'GET', `/api/entities/folders/${folder}`)).json().pages as Row[];
    expect(left.map((p) => p.id)).toEqual([pages[1]?.id]);
  });

  it.each([
    { what: 'an unknown entity', url: () => `/api/entities/nope/${folder}/files/scan` },
    { what: 'an unknown field', url: () => `/api/entities/folders/${folder}/files/nope` },
    { what: 'a field that holds no files', url: () => `/api/entities/folders/${folder}/files/title` },
    { what: 'a record id that is no id', url: () => '/api/entities/folders/not-an-id/files/scan' },
    {
      what: 'an unknown record',
      url: () => '/api/entities/folders/0193a7c2-0000-7000-8000-000000000000/files/scan',
    },
  ])('uploading to $what is 404', async ({ url }) => {
    const before = await h.ledger();
    const res = await h.request({
      method: 'POST',
      url: url(),
      headers: { ...boss.headers, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--b--\r\n',
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await h.ledger()).toEqual(before);
  });

  it('a cookie upload or delete from another site is refused 403; from this site it goes', async () => {
    const login = await h.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: boss.email, password: PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
    const body = multipartBody([{ name: 'file', filename: 'c.png', data: image }]);
    const send = (site: Record<string, string>) =>
      h.request({
        method: 'POST',
        url: `/api/entities/folders/${folder}/files/scan`,
        headers: { cookie, ...body.headers, ...site },
        payload: body.payload,
      });
    const before = await h.ledger();
    expect((await send({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await send({ origin: 'http://evil.example' })).statusCode).toBe(403);
    expect(await h.ledger()).toEqual(before);
    const ok = await send({ 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode, ok.body).toBe(201);
    const path = new URL(ok.json().url, 'http://x').pathname;
    const remove = (site: Record<string, string>) =>
      h.request({ method: 'DELETE', url: path, headers: { cookie, ...site } });
    expect((await remove({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await remove({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
  });

  it('uploads count against the write rate: an intern gets 429 on the third in a minute', async () => {
    const intern = await h.user('intern');
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await put('scan', image, 'r.png', intern)).statusCode);
    expect(codes).toEqual([404, 404, 429]);
  });
});
