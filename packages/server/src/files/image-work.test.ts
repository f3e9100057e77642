/**
 * Variants made once however many ask at once, at most IMAGE_WORKERS decodes together,
 * upright (EXIF orientation applied) and stripped of metadata.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';
import { variantKey, variantOf } from './image-variants';
import { IMAGE_WORKERS, imageWork } from './image-work';
import { localStore } from './local-store';

const dir = mkdtempSync(join(tmpdir(), 'nf-image-work-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The real disk store, counting its writes. */
function countingStore(): FileStore & { puts: string[] } {
  const store = localStore(dir);
  const puts: string[] = [];
  return {
    ...store,
    puts,
    put: (key, body) => {
      puts.push(key);
      return store.put(key, body);
    },
  };
}

describe('imageWork', () => {
  it('runs at most IMAGE_WORKERS pieces of work at once, and every one of them', async () => {
    let active = 0;
    let most = 0;
    const work = (i: number) =>
      imageWork(`piece-${i}`, async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setImmediate(resolve));
        active--;
        return Buffer.from([i]);
      });
    const done = await Promise.all(Array.from({ length: 7 }, (_, i) => work(i)));
    expect(done.map((b) => b[0])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(IMAGE_WORKERS);
  });

  it('a failed piece frees its slot and fails only those who asked for it', async () => {
    const failing = imageWork('fails', () => Promise.reject(new Error('broken image')));
    await expect(failing).rejects.toThrow('broken image');
    expect((await imageWork('fails', async () => Buffer.from('again'))).toString()).toBe('again');
  });
});

describe('variantOf', () => {
  it('makes a variant once for eight concurrent first requests; each gets the whole of it', async () => {
    const store = countingStore();
    await store.put(
      'burst',
      Readable.from([
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      ]),
    );
    const preview = { width: 300, height: 300, fit: 'inside' } as const;
    const made = await Promise.all(
      Array.from({ length: 8 }, () => variantOf(store, 'burst', 'preview', preview, 40_000_000)),
    );
    const key = variantKey('burst', 'preview', preview);
    expect(store.puts.filter((k) => k === key)).toHaveLength(1);
    for (const v of made) {
      const meta = await sharp(await bytesOf(v.body)).metadata();
      expect([meta.format, meta.width, meta.height, v.type]).toEqual(['webp', 300, 200, 'image/webp']);
    }
    // Later requests read the stored variant: nothing more is written.
    const again = await variantOf(store, 'burst', 'preview', preview, 40_000_000);
    expect((await bytesOf(again.body)).length).toBe(again.size);
    expect(store.puts.filter((k) => k === key)).toHaveLength(1);
  });

  it('turns a photo upright by its EXIF orientation, never enlarges for inside, and keeps no metadata', async () => {
    const store = localStore(dir);
    // Stored 80 × 40 with orientation 6 (turn 90° clockwise to view): upright it is 40 × 80.
    const photo = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#3a3' } })
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'someone', Artist: 'GPS-bearing camera' } },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    await store.put('photo', Readable.from([photo]));
    const v = await variantOf(
      store,
      'photo',
      'preview',
      { width: 1280, height: 1280, fit: 'inside', format: 'jpeg' },
      40_000_000,
    );
    const meta = await sharp(await bytesOf(v.body)).metadata();
    expect([meta.format, meta.width, meta.height, v.type]).toEqual(['jpeg', 40, 80, 'image/jpeg']);
    expect([meta.exif, meta.orientation, meta.icc, meta.xmp]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
