/**
 * A file's media type, decided from its content (magic bytes), never from its name or the
 * client's header. Binary formats by file-type; text by its bytes, where anything a browser
 * would run as a document (HTML, SVG, XML) is named as such so no field's `image/*` or
 * `text/plain` admits it.
 */
import { fileTypeFromBuffer } from 'file-type';

// WHATWG MIME sniffing's HTML patterns, and the starts of SVG and XML, after whitespace.
const HTML =
  /^<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>/]/i;
const SVG = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i;
const XML = /^<\?xml[\s?]/i;
const TEXT_SAMPLE = 64 * 1024;

/**
 * @example await sniffType(pngHead) // 'image/png'
 * @example await sniffType(Buffer.from('<html><script>…')) // 'text/html', whatever its name says
 */
export async function sniffType(head: Buffer): Promise<string> {
  // A plain Uint8Array view: under a jsdom test environment jsdom's Uint8Array replaces Node's,
  // and file-type would refuse a Node Buffer.
  const found = await fileTypeFromBuffer(new Uint8Array(head.buffer, head.byteOffset, head.length));
  if (found) return found.mime === 'application/xml' ? textType(head) : found.mime;
  return textType(head);
}

function textType(head: Buffer): string {
  const sample = head.subarray(0, TEXT_SAMPLE);
  if (sample.includes(0)) return 'application/octet-stream';
  const text = decodeText(sample);
  if (text === null) return 'application/octet-stream';
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (SVG.test(start)) return 'image/svg+xml';
  if (HTML.test(start)) return 'text/html';
  if (XML.test(start)) return 'application/xml';
  // A browser that ignored nosniff would still look for markup anywhere early on.
  if (/<(script|html|iframe|body|svg)[\s>/]/i.test(start.slice(0, 1024))) return 'text/html';
  return 'text/plain';
}

/** The sample as UTF-8, or null when it is not (a character cut by the sample's end is allowed). */
function decodeText(sample: Buffer): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const cuts = sample.length === TEXT_SAMPLE ? [0, 1, 2, 3] : [0];
  for (const cut of cuts) {
    try {
      return decoder.decode(sample.subarray(0, sample.length - cut));
    } catch {}
  }
  return null;
}
