/**
 * What an upload's content is taken for and how it is served: types from the bytes, names made
 * safe, headers that never let a file run in the app's origin, the byte limit, and images.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '../core/app-error';
import { checkPixels, variantKey, variantOf } from './image-variants';
import { inspectUpload } from './inspect-upload';
import { localStore } from './local-store';
import { safeName } from './safe-name';
import { servedHeaders } from './served-headers';
import { sniffType } from './sniff-type';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width` × `height` with a valid CRC and a few bytes of data. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe('sniffType decides from the bytes', async () => {
  const cases: [string, Buffer | Promise<Buffer>, string][] = [
    ['a PNG', png(4, 4), 'image/png'],
    [
      'a JPEG',
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf'],
    ['plain text', Buffer.from('Printer says PC LOAD LETTER\n'), 'text/plain'],
    ['HTML named .png', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'), 'text/html'],
    ['HTML after whitespace and a BOM', Buffer.from('\uFEFF  \n<script>alert(1)</script>'), 'text/html'],
    ['markup a little way in', Buffer.from('hello\n<iframe src=x>'), 'text/html'],
    ['SVG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['XML', Buffer.from('<?xml version="1.0"?><note/>'), 'application/xml'],
    ['binary junk', Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]), 'application/octet-stream'],
    ['invalid UTF-8', Buffer.from([0x41, 0xff, 0xfe, 0x41]), 'application/octet-stream'],
  ];
  it.each(cases)('%s is %s', async (_name, bytes, type) => {
    expect(await sniffType(await bytes)).toBe(type);
  });
});

describe('safeName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['/etc/shadow', 'shadow'],
    ['C:\\Windows\\system32\\shot.png', 'shot.png'],
    ['..', 'file'],
    ['', 'file'],
    [undefined, 'file'],
    ['.htaccess', 'htaccess'],
    ['a\u202Egnp.exe', 'agnp.exe'],
    ['zero\u200Bwidth.txt', 'zerowidth.txt'],
    ['tab\tand\nnewline.txt', 'tab and newline.txt'],
    ['CON.txt', '_CON.txt'],
    ['report final.pdf. ', 'report final.pdf'],
    ['résumé 📎.pdf', 'résumé 📎.pdf'],
  ] as const)('%j → %j', (raw, safe) => {
    expect(safeName(raw)).toBe(safe);
  });

  it('bounds a long name to 200 bytes and keeps its extension', () => {
    const name = safeName(`${'ü'.repeat(300)}.png`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith('.png')).toBe(true);
    expect(name.startsWith('ü')).toBe(true);
  });
});

describe('servedHeaders', () => {
  it.each([
    ['image/png', 'inline', 'image/png'],
    ['application/pdf', 'inline', 'application/pdf'],
    ['text/plain', 'inline', 'text/plain; charset=utf-8'],
    ['text/html', 'attachment', 'application/octet-stream'],
    ['image/svg+xml', 'attachment', 'application/octet-stream'],
    ['application/xml', 'attachment', 'application/octet-stream'],
    ['application/zip', 'attachment', 'application/octet-stream'],
  ])('%s is served %s as %s', (type, disposition, served) => {
    const h = servedHeaders(type, 'x', { download: false });
    expect(h['content-type']).toBe(served);
    expect(h['content-disposition']).toMatch(new RegExp(`^${disposition};`));
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toContain('sandbox');
  });

  it('makes every file an attachment on ?download, and quotes names safely', () => {
    const h = servedHeaders('image/png', 'a "quoted"\\ résumé.png', { download: true });
    expect(h['content-disposition']).toBe(
      `attachment; filename="a _quoted__ r_sum_.png"; filename*=UTF-8''a%20%22quoted%22%5C%20r%C3%A9sum%C3%A9.png`,
    );
  });
});

describe('inspectUpload', () => {
  it('passes the bytes through and keeps their head', async () => {
    const seen = inspectUpload(Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100);
    const chunks: Buffer[] = [];
    for await (const c of seen.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello world');
    expect((await seen.head).toString()).toBe('hello world');
    expect(seen.bytes()).toBe(11);
  });

  it('refuses the moment the bytes pass the limit, before the rest is read', async () => {
    let pulled = 0;
    const source = new Readable({
      read() {
        pulled += 1;
        this.push(pulled > 1000 ? null : Buffer.alloc(1024));
      },
    });
    const seen = inspectUpload(source, 10 * 1024);
    const sink = (async () => {
      for await (const _ of seen.body);
    })();
    const error = await sink.catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(100);
  });
});

describe('images', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-images-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a header that claims 100,000 × 100,000 pixels without decoding it', async () => {
    const bomb = claimedPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    const error = await checkPixels(bomb, 'image/png', 40_000_000, 'attachments').catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('VALIDATION_FAILED');
    expect(isAppError(error) && error.issues[0]?.code).toBe('too_many_pixels');
  });

  it('takes an image within the limit, and refuses an image header it cannot read', async () => {
    await expect(checkPixels(await png(64, 48), 'image/png', 40_000_000, 'f')).resolves.toBeUndefined();
    const error = await checkPixels(Buffer.from('not a png'), 'image/png', 100, 'f').catch((e: unknown) => e);
    expect(isAppError(error) && error.issues[0]?.code).toBe('file_type');
  });

  it('makes a variant once, caches it in the store, and both of two first requests get it', async () => {
    const store = localStore(dir);
    await store.put('orig', Readable.from([await png(640, 480)]));
    const thumb = { width: 160, height: 160, fit: 'cover' } as const;
    const [a, b] = await Promise.all([
      variantOf(store, 'orig', 'thumb', thumb, 40_000_000),
      variantOf(store, 'orig', 'thumb', thumb, 40_000_000),
    ]);
    for (const v of [a, b]) {
      const chunks: Buffer[] = [];
      for await (const c of v.body) chunks.push(c as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect([meta.format, meta.width, meta.height, v.type]).toEqual(['webp', 160, 160, 'image/webp']);
    }
    expect(await store.has(variantKey('orig', 'thumb', thumb))).toBe(true);
  });

  it('refuses to decode an original past the pixel limit', async () => {
    const store = localStore(dir);
    await store.put('big', Readable.from([await png(400, 400)]));
    await expect(variantOf(store, 'big', 'thumb', { width: 10, height: 10 }, 1000)).rejects.toThrow();
    expect(await store.has(variantKey('big', 'thumb', { width: 10, height: 10 }))).toBe(false);
  });
});
