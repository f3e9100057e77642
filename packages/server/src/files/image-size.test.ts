/**
 * An image's size from its head alone (what an upload keeps): sharp reads most formats cut
 * off; a WebP is read from its chunk headers; a bomb is refused from the header it claims.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../core/app-error';
import { imageSize, webpSize } from './image-size';
import { checkPixels } from './image-variants';
import { HEAD_BYTES } from './inspect-upload';

/** Noise compresses badly: images larger than the head from few pixels. */
function noise(width: number, height: number, channels: 3 | 4 = 3, pageHeight?: number) {
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels, ...(pageHeight ? { pageHeight } : {}) } });
}

/** A RIFF WebP of one `VP8X` chunk (no image data), claiming `width` × `height`. */
function claimedWebp(width: number, height: number, flags = 0): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = flags;
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, vp8x]);
}

async function refusal(head: Buffer, type: string, maxPixels: number) {
  const error = await checkPixels(head, type, maxPixels, 'attachments').then(
    () => undefined,
    (e: unknown) => e,
  );
  return isAppError(error) ? error.issues.map((i) => [i.path, i.code, i.message]) : error;
}

describe('imageSize reads only the head', () => {
  it.each([
    [
      'lossy WebP (VP8)',
      () => noise(1200, 900).webp({ quality: 100 }),
      { width: 1200, height: 900, pages: 1 },
    ],
    [
      'WebP with alpha (VP8X)',
      () => noise(900, 700, 4).webp({ quality: 100 }),
      { width: 900, height: 700, pages: 1 },
    ],
    [
      'progressive JPEG',
      () => noise(1600, 1200).jpeg({ quality: 100, progressive: true }),
      { width: 1600, height: 1200, pages: 1 },
    ],
    ['PNG', () => noise(800, 600).png({ compressionLevel: 0 }), { width: 800, height: 600, pages: 1 }],
  ])('%s larger than the head', async (_kind, make, size) => {
    const whole = await make().toBuffer();
    expect(whole.length).toBeGreaterThan(HEAD_BYTES);
    expect(await imageSize(whole.subarray(0, HEAD_BYTES))).toEqual(size);
  });

  it('counts an animated WebP’s frames within the head (a lower bound when cut off)', async () => {
    const whole = await noise(64, 64 * 12, 4, 64)
      .webp({ loop: 0 })
      .toBuffer();
    expect(await imageSize(whole)).toEqual({ width: 64, height: 64, pages: 12 });
    const cut = webpSize(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut?.pages).toBeGreaterThan(0);
    expect(cut?.pages).toBeLessThan(12);
  });

  it('reads a lossless WebP (VP8L) from its bit-packed header', async () => {
    const whole = await noise(300, 200).webp({ lossless: true }).toBuffer();
    expect(whole.toString('latin1', 12, 16)).toBe('VP8L');
    expect(webpSize(whole)).toEqual({ width: 300, height: 200, pages: 1 });
  });

  it('answers null for what is no image it can read', async () => {
    expect(await imageSize(Buffer.from('RIFF\0\0\0\0WEBPjunk and more junk here'))).toBeNull();
    expect(await imageSize(Buffer.from('not an image at all'))).toBeNull();
  });
});

describe('checkPixels', () => {
  it('refuses a WebP whose header claims 16,384 × 16,384 (no pixel data at all)', async () => {
    const bomb = claimedWebp(16_384, 16_384);
    expect(await refusal(bomb, 'image/webp', 40_000_000)).toEqual([
      ['attachments', 'too_many_pixels', 'Attachments takes images of at most 40000000 pixels.'],
    ]);
    expect(await refusal(claimedWebp(4000, 3000), 'image/webp', 40_000_000)).toBeUndefined();
  });

  it('takes a WebP larger than the head within the limit, and refuses it under a lower one', async () => {
    const head = (await noise(1200, 900).webp({ quality: 100 }).toBuffer()).subarray(0, HEAD_BYTES);
    expect(await refusal(head, 'image/webp', 40_000_000)).toBeUndefined();
    expect(await refusal(head, 'image/webp', 1_000_000)).toEqual([
      ['attachments', 'too_many_pixels', 'Attachments takes images of at most 1000000 pixels.'],
    ]);
  });

  it('counts every frame of an animated GIF', async () => {
    const gif = await noise(100, 100 * 30, 4, 100)
      .gif()
      .toBuffer();
    expect(await refusal(gif, 'image/gif', 300_000)).toBeUndefined();
    expect(await refusal(gif, 'image/gif', 299_999)).toEqual([
      ['attachments', 'too_many_pixels', 'Attachments takes images of at most 299999 pixels.'],
    ]);
  });

  it('refuses a JPEG whose frame header lies beyond the head (file_type: it cannot be judged)', async () => {
    const jpeg = await noise(64, 64).jpeg().toBuffer();
    // Five 64 KB APP2 segments between SOI and the rest: the SOF starts past 256 KiB.
    const app2 = Buffer.alloc(65_004);
    app2.set([0xff, 0xe2]);
    app2.writeUInt16BE(65_002, 2);
    const padded = Buffer.concat([jpeg.subarray(0, 2), app2, app2, app2, app2, app2, jpeg.subarray(2)]);
    expect((await sharp(padded).metadata()).width).toBe(64);
    expect(await refusal(padded.subarray(0, HEAD_BYTES), 'image/jpeg', 40_000_000)).toEqual([
      ['attachments', 'file_type', 'Attachments does not accept this type of file.'],
    ]);
  });

  it('leaves types it does not decode alone', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7'), 'application/pdf', 1)).toBeUndefined();
  });
});
