/**
 * The Content-Security-Policy of the built UI. Scripts run only from this origin, plus the
 * page's own inline scripts by hash, so an injected `<script>` or `onclick` does not run.
 * The page may not be framed (clickjacking), and it connects only to its own origin, which
 * covers the realtime WebSocket. Styles allow inline: the toaster inserts its own `<style>`.
 * That lets injected markup be styled, but never run.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;

/**
 * The `'sha256-…'` sources of every inline script in an HTML page, in order.
 * @example inlineScriptHashes('<script>go()</script>') // ["'sha256-…'"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The policy for a page: its inline scripts allowed by hash, nothing else inline or foreign.
 * @example reply.header('content-security-policy', contentPolicy(indexHtml));
 */
export function contentPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
