/**
 * The built React client on the API's port: files from the UI's `dist`, hashed assets
 * cached for a year, and every other non-API GET answered with index.html so a deep link
 * (`/tickets/42`) survives a reload, with the page's Content-Security-Policy. `/api/*` is
 * never shadowed: an unknown API path still answers NOT_FOUND as problem+json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentPolicy } from './content-policy';

/** Vite puts content-hashed files here: a name never changes meaning, so caching is forever. */
const ASSETS = '/assets/';
const FOREVER = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, favicon) are checked with the server each time (ETag makes it cheap).
const REVALIDATE = 'no-cache';

/** A last path segment with an extension names a file, never a screen. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The file under `root` a URL path names, or undefined when it names none (or escapes root). */
function fileFor(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = resolve(root, `.${decoded}`);
  if (!full.startsWith(root + sep)) return undefined;
  try {
    return statSync(full).isFile()
      ? full
          .slice(root.length + 1)
          .split(sep)
          .join('/')
      : undefined;
  } catch {
    return undefined;
  }
}

function send(reply: FastifyReply, file: string, cache: string): FastifyReply {
  reply.header('cache-control', cache).header('x-content-type-options', 'nosniff');
  return reply.sendFile(file);
}

/**
 * The page's headers: its policy, worked out again only when index.html changes (a rebuild
 * while the server runs changes the inline scripts' hashes).
 */
function pageHeaders(indexFile: string): () => Record<string, string> {
  let known: { mtimeMs: number; policy: string } | undefined;
  return () => {
    const { mtimeMs } = statSync(indexFile);
    if (known?.mtimeMs !== mtimeMs)
      known = { mtimeMs, policy: contentPolicy(readFileSync(indexFile, 'utf8')) };
    return {
      'content-security-policy': known.policy,
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    };
  };
}

/**
 * Serves the UI built in `distDir` (`ninefold build <appDir>` → `<appDir>/.ninefold/dist`).
 * Register it after the API routes and before `listen()`.
 * @example
 * const nf = await createNinefold(app, { database: ':memory:' });
 * await staticUi(nf.server, 'my-app/.ninefold/dist');
 * await nf.server.listen({ port: 3000 });
 */
export async function staticUi(server: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`staticUi: ${join(root, 'index.html')} does not exist; build the UI first.`);
  }
  // Only the reply.sendFile decoration: the routes below decide what a path means.
  // preCompressed: the build writes .br and .gz copies; clients that accept them get them.
  await server.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
  });

  const pageHeadersNow = pageHeaders(join(root, 'index.html'));
  server.get('/*', (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (isApi(pathname)) return reply.callNotFound();
    const file = fileFor(root, pathname);
    if (file === 'index.html') reply.headers(pageHeadersNow());
    if (file) return send(reply, file, pathname.startsWith(ASSETS) ? FOREVER : REVALIDATE);
    // A missing hashed asset is a real 404: answering HTML there would break a stale tab silently.
    // So is any missing file (`/favicon.ico`, `/robots.txt`): routes have no extension.
    if (pathname.startsWith(ASSETS) || FILE_NAME.test(pathname)) return reply.callNotFound();
    return send(reply.headers(pageHeadersNow()), 'index.html', REVALIDATE);
  });
}
