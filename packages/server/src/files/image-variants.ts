/**
 * Images: the pixel limit checked from an upload's header (a decompression bomb is refused
 * before anything decodes it), and variants made with sharp on first request and cached in
 * the store. FOUNDATION STUB (content helper).
 */
import type { ImageVariant } from '@ninefold/spec';
import type { FileStore, StoredBody } from './file-store';

/** Types sharp turns into variants. */
export const VARIANT_SOURCES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
]);

/**
 * Refuses (AppError VALIDATION_FAILED, code `too_many_pixels`, path `field`) an image whose
 * header claims more than `maxPixels`, or whose header cannot be read.
 * @example await checkPixels(head, 'image/png', 40_000_000, 'attachments');
 */
export async function checkPixels(
  _head: Buffer,
  _type: string,
  _maxPixels: number,
  _field: string,
): Promise<void> {
  throw new Error('not built yet');
}

/**
 * The variant of the file stored under `key`, made and cached on first request.
 * @example const v = await variantOf(store, row.key, 'thumb', { width: 160, height: 160, fit: 'cover' }, 40_000_000);
 */
export async function variantOf(
  _store: FileStore,
  _key: string,
  _name: string,
  _variant: ImageVariant,
  _maxPixels: number,
): Promise<StoredBody & { readonly type: string }> {
  throw new Error('not built yet');
}
