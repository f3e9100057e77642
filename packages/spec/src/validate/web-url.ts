/**
 * Web addresses a record may hold: absolute `http:` or `https:` URLs only, so a stored link
 * can never run script (`javascript:`), open a file or resolve against the page it is on.
 */

/** The longest URL a `url` field takes unless it declares its own `max`: what browsers and proxies reliably carry. */
export const URL_MAX = 2048;

// Written out in full: WHATWG parsing also accepts `https:example.com` and `https:/x`, which
// read as relative paths to people and to other parsers.
const WEB = /^https?:\/\/[^\s/?#]/i;
// Whitespace, control and invisible format characters (bidi overrides, zero widths) are
// dropped, encoded or shown differently by parsers and screens, so the stored text and the
// address a browser opens could differ.
const HIDDEN = /[\s\p{Cc}\p{Cf}]/u;

/**
 * True when `text` is an absolute http(s) URL with a host, as written (never normalized:
 * the stored value is exactly what the author gave, and a filter finds it as typed).
 * @example isWebUrl('https://example.com/a?b=1') // true
 * @example isWebUrl('javascript:alert(1)') // false
 * @example isWebUrl('/relative/path') // false
 */
export function isWebUrl(text: string): boolean {
  if (!WEB.test(text) || HIDDEN.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
