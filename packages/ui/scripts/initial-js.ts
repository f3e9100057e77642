/**
 * What a first visit to any page (e.g. /login) downloads in JavaScript before the app can
 * run: the entry chunk of index.html and every chunk it imports statically, transitively,
 * read from Vite's manifest. Lazy chunks (`import()`, such as the admin console) are not in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget: gzipped initial JavaScript, in kB of 1000 bytes (as Vite reports sizes). */
export const BUDGET_KB = 150;

/** Packages that belong to lazy chunks only; finding one in the initial JS is a regression. */
export const LAZY_ONLY = ['@dagrejs/dagre', '@dagrejs/graphlib', '@tanstack/react-table'] as const;

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

export interface ChunkSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface InitialJs {
  readonly chunks: readonly ChunkSize[];
  readonly bytes: number;
  readonly gzipBytes: number;
  /** LAZY_ONLY packages found in the initial chunks (by their source maps). */
  readonly lazyOnlyFound: readonly string[];
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `${manifestPath} is missing: build with build.manifest = true (packages/cli/src/ui/build-app-ui.ts).`,
    );
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The manifest keys a chunk loads with it: itself and its static imports, transitively. */
function closure(manifest: Record<string, ManifestChunk>, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  visit(key);
  return seen;
}

/**
 * What a lazy chunk adds on top of the initial JavaScript (e.g. the /login page's own chunk,
 * fetched as soon as the router knows the route), and on top of the chunks `after` names
 * (loaded before it); undefined when no manifest key matches.
 * @example lazyExtra('examples/helpdesk/.ninefold/dist', /login-page\.tsx$/)?.gzipBytes
 */
export function lazyExtra(
  distDir: string,
  key: RegExp,
  after: readonly RegExp[] = [],
): ChunkSize | undefined {
  const manifest = readManifest(distDir);
  const keys = Object.keys(manifest);
  const found = keys.find((k) => key.test(k));
  if (!found) return undefined;
  const before = ['index.html', ...after.flatMap((a) => keys.filter((k) => a.test(k)))];
  const initial = new Set(before.flatMap((k) => [...closure(manifest, k)]));
  const files = [...closure(manifest, found)].filter((k) => !initial.has(k)).map((k) => manifest[k]!.file);
  const bodies = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(distDir, f)));
  return {
    file: found,
    bytes: bodies.reduce((n, b) => n + b.length, 0),
    gzipBytes: bodies.reduce((n, b) => n + gzipSync(b).length, 0),
  };
}

/**
 * Measures the initial JavaScript of a built UI.
 * @example const m = initialJs('examples/helpdesk/.ninefold/dist'); m.gzipBytes / 1000 // 98.4
 */
export function initialJs(distDir: string, entry = 'index.html'): InitialJs {
  const manifest = readManifest(distDir);
  if (!manifest[entry]) throw new Error(`The manifest has no entry ${entry}.`);
  const files = [...closure(manifest, entry)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const chunks = files.map((file): ChunkSize => {
    const body = readFileSync(join(distDir, file));
    // zlib's default level (6), what a server compressing on the fly typically uses.
    return { file, bytes: body.length, gzipBytes: gzipSync(body).length };
  });
  const lazyOnlyFound = new Set<string>();
  for (const file of files) {
    const map = join(distDir, `${file}.map`);
    if (!existsSync(map)) continue;
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [];
    for (const pkg of LAZY_ONLY)
      if (sources.some((s) => s.includes(`node_modules/${pkg}/`))) lazyOnlyFound.add(pkg);
  }
  return {
    chunks,
    bytes: chunks.reduce((n, c) => n + c.bytes, 0),
    gzipBytes: chunks.reduce((n, c) => n + c.gzipBytes, 0),
    lazyOnlyFound: [...lazyOnlyFound],
  };
}

/** Bytes as kB (1000 bytes), two decimals. */
export const kb = (bytes: number) => (bytes / 1000).toFixed(2);

/**
 * The measurement as a few lines for a terminal.
 * @example console.log(report(initialJs(DIST)));
 */
export function report(m: InitialJs): string {
  const lines = m.chunks.map(
    (c) => `  ${c.file.padEnd(44)} ${kb(c.bytes).padStart(9)} kB  gzip ${kb(c.gzipBytes).padStart(8)} kB`,
  );
  return [
    'Initial JavaScript of /login (entry chunk and its static imports):',
    ...lines,
    `  ${'total'.padEnd(44)} ${kb(m.bytes).padStart(9)} kB  gzip ${kb(m.gzipBytes).padStart(8)} kB  (budget ${BUDGET_KB} kB gzip)`,
    m.lazyOnlyFound.length > 0
      ? `  lazy-only packages in the initial JS: ${m.lazyOnlyFound.join(', ')}`
      : `  lazy-only packages (${LAZY_ONLY.join(', ')}) are not in it.`,
  ].join('\n');
}
