/**
 * Images: the pixel limit checked from an upload's header (a decompression bomb is refused
 * before anything decodes it), and variants made with sharp on first request and cached in
 * the store beside the original.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fieldLabel, fieldMessage, type ImageVariant } from '@ninefold/spec';
import sharp from 'sharp';
import { validationFailed } from '../core/app-error';
import type { FileStore, StoredBody } from './file-store';
import { imageSize } from './image-size';
import { imageWork } from './image-work';

// One libvips thread per image (already sharp's default on glibc without jemalloc, where more
// threads fragment memory) and no operation cache: a variant is made once, then read from the
// store, so nothing decoded is worth keeping. How many images are worked on at once is bounded
// by imageWork.
sharp.concurrency(1);
sharp.cache(false);

/** Types sharp turns into variants. */
export const VARIANT_SOURCES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
]);

const TYPES = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;

/**
 * Refuses (VALIDATION_FAILED, code `too_many_pixels`, path `field`) an image whose header
 * claims more than `maxPixels` (every frame counted), and (`file_type`) an image whose header
 * cannot be read. Reads the header only: nothing is decoded.
 * @example await checkPixels(head, 'image/png', 40_000_000, 'attachments');
 */
export async function checkPixels(
  head: Buffer,
  type: string,
  maxPixels: number,
  field: string,
): Promise<void> {
  if (!VARIANT_SOURCES.has(type)) return;
  const label = fieldLabel(field);
  const size = await imageSize(head);
  if (!size) {
    throw validationFailed([{ path: field, code: 'file_type', message: fieldMessage('file_type', label) }]);
  }
  const pixels = size.width * size.height * size.pages;
  if (pixels > maxPixels)
    throw validationFailed([
      {
        path: field,
        code: 'too_many_pixels',
        message: fieldMessage('too_many_pixels', label, { max: maxPixels }),
      },
    ]);
}

/**
 * The key a variant of the file under `key` is cached at: named by the variant's spec, so a
 * changed variant is made afresh; under `variants/<key>/`, which a removal clears.
 * @example variantKey('0193…', 'thumb', { width: 160, height: 160 }) // 'variants/0193…/thumb-1a2b3c4d.webp'
 */
export function variantKey(key: string, name: string, variant: ImageVariant): string {
  const spec = JSON.stringify([
    variant.width,
    variant.height,
    variant.fit ?? 'cover',
    variant.format ?? 'webp',
  ]);
  const hash = createHash('sha256').update(spec).digest('hex').slice(0, 12);
  return `variants/${key}/${name}-${hash}.${variant.format ?? 'webp'}`;
}

/**
 * The variant of the file stored under `key`, made and cached on first request. Decoding is
 * bounded by `maxPixels` (sharp's `limitInputPixels`), whatever the header said at upload.
 * @example const v = await variantOf(store, row.key, 'thumb', { width: 160, height: 160, fit: 'cover' }, 40_000_000);
 */
export async function variantOf(
  store: FileStore,
  key: string,
  name: string,
  variant: ImageVariant,
  maxPixels: number,
): Promise<StoredBody & { readonly type: string }> {
  const at = variantKey(key, name, variant);
  const type = TYPES[variant.format ?? 'webp'];
  const cached = await store.get(at);
  if (cached) return { ...cached, type };
  // Concurrent first requests for one variant make it once, and all get it.
  const bytes = await imageWork(at, () => makeVariant(store, key, at, variant, maxPixels));
  return { body: Readable.from([bytes]), size: bytes.length, type };
}

/** Decodes the original (bounded by `maxPixels`), resizes, encodes and stores the variant. */
async function makeVariant(
  store: FileStore,
  key: string,
  at: string,
  variant: ImageVariant,
  maxPixels: number,
): Promise<Buffer> {
  const original = await store.get(key);
  if (!original) throw new Error(`no bytes under ${key}`);
  const fit = variant.fit ?? 'cover';
  // Metadata (EXIF, ICC, XMP) is not copied: sharp writes none unless asked to.
  const pipeline = sharp({ limitInputPixels: maxPixels, sequentialRead: true, failOn: 'none' })
    .rotate()
    .resize(variant.width, variant.height, { fit, withoutEnlargement: fit === 'inside' })
    .toFormat(variant.format ?? 'webp');
  original.body.on('error', (e) => pipeline.destroy(e));
  original.body.pipe(pipeline);
  // Made whole before it is stored: a variant is small, and a failed one leaves nothing.
  const bytes = await pipeline.toBuffer().finally(() => original.body.destroy());
  await store.put(at, Readable.from([bytes]));
  return bytes;
}
