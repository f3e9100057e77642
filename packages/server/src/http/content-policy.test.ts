/**
 * The UI's Content-Security-Policy: each inline script allowed by the hash of its exact
 * text (vectors from `openssl dgst -sha256 -binary | base64`), external scripts by origin.
 */
import { describe, expect, it } from 'vitest';
import { contentPolicy, inlineScriptHashes } from './content-policy';

describe('inlineScriptHashes', () => {
  it.each<[string, string, string[]]>([
    ['one inline script', '<script>go()</script>', ["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]],
    [
      'whitespace is part of the text',
      '<script type="module">\n  a();\n</script>',
      ["'sha256-TE3N0u1fb9EhEg9rTkYQP8rak4saWJrsdiLmQzOgESA='"],
    ],
    ['an external script', '<script type="module" crossorigin src="/assets/index.js"></script>', []],
    [
      'both, in order',
      '<SCRIPT src="/a.js"></SCRIPT><script>go()</script ><script>\n  a();\n</script>',
      [
        "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",
        "'sha256-TE3N0u1fb9EhEg9rTkYQP8rak4saWJrsdiLmQzOgESA='",
      ],
    ],
    ['no script at all', '<title>ui</title>', []],
  ])('%s', (_name, html, hashes) => {
    expect(inlineScriptHashes(html)).toEqual(hashes);
  });
});

describe('contentPolicy', () => {
  const policy = contentPolicy('<script>go()</script>');
  const directives = new Map(
    policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
  );

  it.each([
    ['default-src', "'self'"],
    ['script-src', "'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-ancestors', "'none'"],
  ])('sets %s to %s', (name, value) => {
    expect(directives.get(name)).toBe(value);
  });

  it('never allows inline or evaluated script wholesale', () => {
    expect(directives.get('script-src')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});
