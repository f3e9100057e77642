import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import app from '@ninefold/example-helpdesk';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNinefold, type Ninefold } from '../start-app';
import { metaRoute, pickEncoding } from './meta-route';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, else none', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('never uses a coding refused with q=0, and reads * as the codings not named', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBe('identity');
    expect(pickEncoding('GZIP ; Q=1')).toBe('gzip');
  });
});

describe('GET /api/meta of the helpdesk', () => {
  let nf: Ninefold;
  beforeAll(async () => {
    nf = await createNinefold(app, { database: ':memory:' });
  });
  afterAll(async () => {
    await nf.close();
  });
  const get = (headers: Record<string, string> = {}) =>
    nf.server.inject({ method: 'GET', url: '/api/meta', headers });

  it('answers the same JSON as brotli, as gzip and uncompressed, each by what the client accepts', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const meta = plain.json();
    expect(meta.about.name).toBeTruthy();
    expect(meta.entities.tickets).toBeDefined();

    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(meta);

    const gz = await get({ 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(meta);

    // Compression is what makes this worth it: the helpdesk's meta shrinks several times over.
    expect(br.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('revalidates by ETag, one per encoding, and answers 304 without a body', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const plainTag = String((await get()).headers.etag);
    expect(plainTag).not.toBe(etag);

    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    // Another encoding's tag does not match: the client gets this representation in full.
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': '"other"' })).statusCode).toBe(200);
  });
});

describe('metaRoute', () => {
  it('compresses each encoding once, on first demand', async () => {
    const server = Fastify();
    metaRoute(server, JSON.stringify({ words: 'meta '.repeat(500) }));
    const ask = (encoding: string) =>
      server.inject({ method: 'GET', url: '/api/meta', headers: { 'accept-encoding': encoding } });
    const a = await ask('br');
    const b = await ask('br');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(a.rawPayload).toString()).words).toHaveLength(2500);
    await server.close();
  });
});
