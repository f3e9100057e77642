/**
 * An image's size read from its first bytes only, never by decoding it. sharp (libvips)
 * reads most headers from a cut-off head; libwebp does not (it wants whole chunks), so a
 * WebP larger than the head is read here from its RIFF chunk headers instead.
 */
import sharp from 'sharp';

/** What an image's header claims. */
export interface ImageSize {
  readonly width: number;
  /** The height of one page (frame). */
  readonly height: number;
  /** Pages or frames seen in the head: a lower bound for an animation cut off by it. */
  readonly pages: number;
}

/**
 * The size `head` claims, or null when it cannot be read.
 * @example await imageSize(head) // { width: 4032, height: 3024, pages: 1 }
 */
export async function imageSize(head: Buffer): Promise<ImageSize | null> {
  try {
    // No pixel limit here: the caller judges the size; metadata() decodes nothing.
    const meta = await sharp(head, { limitInputPixels: false, failOn: 'none' }).metadata();
    if (meta.width && meta.height) {
      return { width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages ?? 1 };
    }
  } catch {
    // Unreadable to libvips: a cut-off WebP may still be read below.
  }
  return webpSize(head);
}

/**
 * A WebP's canvas size and frame count from its chunk headers (lossy `VP8 `, lossless `VP8L`,
 * extended `VP8X` with `ANMF` frames), or null when `head` is no WebP.
 * @example webpSize(head) // { width: 2000, height: 1500, pages: 1 }
 */
export function webpSize(head: Buffer): ImageSize | null {
  if (
    head.length < 30 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WEBP'
  ) {
    return null;
  }
  const kind = head.toString('latin1', 12, 16);
  const data = 20;
  if (kind === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height (the top two bits are scaling).
    if (head[data + 3] !== 0x9d || head[data + 4] !== 0x01 || head[data + 5] !== 0x2a) return null;
    return sized(head.readUInt16LE(data + 6) & 0x3fff, head.readUInt16LE(data + 8) & 0x3fff, 1);
  }
  if (kind === 'VP8L') {
    if (head[data] !== 0x2f) return null;
    const bits = head.readUInt32LE(data + 1);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, 1);
  }
  if (kind === 'VP8X') {
    const animated = ((head[data] ?? 0) & 0x02) !== 0;
    const width = head.readUIntLE(data + 4, 3) + 1;
    const height = head.readUIntLE(data + 7, 3) + 1;
    return sized(width, height, animated ? Math.max(1, countFrames(head)) : 1);
  }
  return null;
}

function sized(width: number, height: number, pages: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height, pages } : null;
}

/** The `ANMF` chunks whose headers lie within `head` (chunks are padded to an even size). */
function countFrames(head: Buffer): number {
  let frames = 0;
  for (let at = 12; at + 8 <= head.length; ) {
    if (head.toString('latin1', at, at + 4) === 'ANMF') frames++;
    at += 8 + head.readUInt32LE(at + 4) + (head.readUInt32LE(at + 4) & 1);
  }
  return frames;
}
