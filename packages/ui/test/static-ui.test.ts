/**
 * staticUi() in-process: files with the right cache headers, index.html for deep links,
 * and the API's own NOT_FOUND answer untouched. Runs on a small dist made here, so it needs
 * neither a UI build nor a browser.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import app from '@ninefold/example-helpdesk';
// A development dependency only: the UI package does not depend on the server at run time.
import { createNinefold, type Ninefold, staticUi } from '@ninefold/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INDEX = '<!doctype html><title>ui</title><div id="root"></div>';

describe('staticUi', () => {
  let dir: string;
  let nf: Ninefold;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-ui-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, '.secret'), 'no');
    nf = await createNinefold(app, { database: ':memory:' });
    await staticUi(nf.server, dir);
  });
  afterAll(async () => {
    await nf.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => nf.server.inject({ method: 'GET', url });

  it.each([
    ['/', INDEX],
    ['/login', INDEX],
    ['/tickets/0190c5a8-0000-7000-8000-000000000000?tab=notes', INDEX],
    ['/caf%C3%A9', INDEX],
  ])('answers index.html for %s', async (url, body) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(body);
  });

  it('serves hashed assets for a year, other files with revalidation', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const icon = await get('/favicon.svg');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/assets/index-gone.js',
    '/favicon.ico',
    '/robots.txt',
    '/api/nope',
    '/api',
    '/.secret',
    '/..%2f..%2fetc%2fpasswd',
  ])('answers NOT_FOUND as problem+json for %s', async (url) => {
    const res = await get(url);
    if (url.includes('passwd')) {
      // Outside the root is not a file: the SPA answers, never the file system.
      expect(res.body).toBe(INDEX);
      return;
    }
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the page with its Content-Security-Policy, and worked out again after a rebuild', async () => {
    for (const url of ['/', '/tickets', '/index.html']) {
      const res = await get(url);
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect((await get('/assets/index-abc123.js')).headers['content-security-policy']).toBeUndefined();
    const rebuilt = '<!doctype html><script>go()</script><div id="root"></div>';
    writeFileSync(join(dir, 'index.html'), rebuilt);
    // The policy is keyed by the file's modification time; make sure it moves on coarse clocks.
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    try {
      const res = await get('/');
      expect(res.body).toBe(rebuilt);
      expect(res.headers['content-security-policy']).toContain(
        "script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",
      );
    } finally {
      writeFileSync(join(dir, 'index.html'), INDEX);
      utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('leaves the API as it was', async () => {
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
    const post = await nf.server.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});
