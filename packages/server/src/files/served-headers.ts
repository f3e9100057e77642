/**
 * The headers a file is served with. Only types that cannot run script are shown in the
 * browser (raster images, PDF, plain text, audio and video); anything else is an
 * `application/octet-stream` attachment. `nosniff` stops a browser from guessing otherwise,
 * and a sandboxing CSP keeps even a misjudged document from running in the app's origin.
 * `no-cache`: a browser keeps a copy but asks again each time (a 304 by ETag), so a file
 * stops showing the moment its reader loses access.
 */

const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
  'text/plain',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'video/ogg',
]);

/**
 * @example reply.headers(servedHeaders('image/png', 'shot.png', { download: false }))
 * @example servedHeaders('text/html', 'x.png', { download: false })['content-type'] // 'application/octet-stream'
 */
export function servedHeaders(
  type: string,
  name: string,
  options: { readonly download: boolean },
): Record<string, string> {
  const shown = INLINE.has(type);
  const contentType = !shown
    ? 'application/octet-stream'
    : type === 'text/plain'
      ? 'text/plain; charset=utf-8'
      : type;
  const disposition = shown && !options.download ? 'inline' : 'attachment';
  return {
    'content-type': contentType,
    'content-disposition': `${disposition}; ${filenameParams(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, no-cache',
  };
}

/** `filename="…"` in ASCII (quotes and backslashes replaced) and `filename*=` in UTF-8 (RFC 6266). */
function filenameParams(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
