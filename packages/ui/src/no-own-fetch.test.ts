/**
 * The UI talks to the server only through `@ninefold/client` and the hooks of
 * `@ninefold/react` (DESIGN.md: "The UI uses only the client and hooks"): no fetch, XHR,
 * socket or beacon of its own in its sources, nor in the helpdesk's own components. The one
 * request before the app's code runs, index.html's early asks, is handed to the client
 * (`createClient({ early })`), which reads the answers like any other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = ['packages/ui/src', 'examples/helpdesk/ui'];

/** Ways to reach the network a page could use; `\bfetch\(` also catches `window.fetch(`. */
const NETWORK = [
  /\bfetch\(/,
  /\bXMLHttpRequest\b/,
  /\bnew\s+WebSocket\b/,
  /\bEventSource\b/,
  /\bsendBeacon\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    // Tests may fake the network; only what ships is checked.
    return /\.(ts|tsx)$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The source without its comments, which may name fetch to say why there is none. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('the UI has no network access of its own', () => {
  const files = SOURCES.flatMap((s) => sources(join(ROOT, s)));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('calls no fetch, XMLHttpRequest, WebSocket, EventSource or sendBeacon outside the client', () => {
    const found = files.flatMap((f) => {
      const text = code(readFileSync(f, 'utf8'));
      return NETWORK.filter((re) => re.test(text)).map((re) => `${relative(ROOT, f)}: ${re.source}`);
    });
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    const sample =
      "const r = await fetch('/api/meta'); const ws = new WebSocket(url); // fetch( in a comment";
    expect(NETWORK.filter((re) => re.test(code(sample)))).toHaveLength(2);
  });
});
