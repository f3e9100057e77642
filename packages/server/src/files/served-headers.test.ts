import { describe, expect, it } from 'vitest';
import { servedHeaders } from './served-headers';

describe('servedHeaders', () => {
  it.each([
    ['image/jpeg', 'image/jpeg'],
    ['image/gif', 'image/gif'],
    ['image/webp', 'image/webp'],
    ['image/avif', 'image/avif'],
    ['audio/mpeg', 'audio/mpeg'],
    ['video/mp4', 'video/mp4'],
    ['video/webm', 'video/webm'],
  ])('%s, which runs no script, is shown inline as itself', (type, served) => {
    const h = servedHeaders(type, 'x', { download: false });
    expect([h['content-type'], h['content-disposition']]).toEqual([
      served,
      `inline; filename="x"; filename*=UTF-8''x`,
    ]);
  });

  it.each([
    'text/html',
    'image/svg+xml',
    'application/xml',
    'text/xml',
    'application/xhtml+xml',
    'image/tiff',
    'application/octet-stream',
    'application/javascript',
    '',
  ])('%j is never shown: an octet-stream attachment', (type) => {
    const h = servedHeaders(type, 'x.png', { download: false });
    expect([h['content-type'], h['content-disposition']?.split(';')[0]]).toEqual([
      'application/octet-stream',
      'attachment',
    ]);
  });

  it('sets the same guards on every answer', () => {
    for (const type of ['image/png', 'text/html']) {
      for (const download of [false, true]) {
        const h = servedHeaders(type, 'x', { download });
        expect(h).toMatchObject({
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cross-origin-resource-policy': 'same-origin',
          'cache-control': 'private, no-cache',
        });
      }
    }
  });

  it('never lets a name break out of its header: controls and quotes in the fallback, all else encoded', () => {
    const h = servedHeaders('text/plain', 'a\r\nSet-Cookie: x=1;"\\\'(*)%.txt', { download: true });
    expect(h['content-disposition']).toBe(
      `attachment; filename="a__Set-Cookie: x=1;__'(*)%.txt"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1%3B%22%5C%27%28%2A%29%25.txt`,
    );
    expect(Object.values(h).every((v) => /^[\x20-\x7e]*$/.test(v))).toBe(true);
  });

  it('keeps a Unicode name in filename* and an ASCII stand-in in filename', () => {
    const h = servedHeaders('application/pdf', 'Überweisung 📎.pdf', { download: false });
    expect(h['content-disposition']).toBe(
      `inline; filename="_berweisung __.pdf"; filename*=UTF-8''%C3%9Cberweisung%20%F0%9F%93%8E.pdf`,
    );
  });
});
