/**
 * Builds the helpdesk's UI for the browser tests the way any app's is built (`buildAppUi`
 * from @ninefold/cli, what `ninefold build` runs), once per change of what goes into it. Test
 * files run in parallel workers, so the build takes a lock (an atomic mkdir): the first worker
 * builds, the others wait and then find the build fresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppUi } from '@ninefold/cli';

/** packages/ui */
export const UI_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO = join(UI_DIR, '..', '..');
/** The app the browser tests run. */
export const HELPDESK = join(REPO, 'examples', 'helpdesk');
/**
 * Where the tests' build goes: its own folder (not the `.ninefold/dist` that `npm start`
 * serves), or `NINEFOLD_UI_DIST`, a build made before, used as it is. That pins a run to one
 * build: a rebuild by another run at the same time (it empties the folder) would otherwise take
 * away chunks an open page has yet to load, and fail tests that have nothing to do with it.
 */
export const DIST = process.env.NINEFOLD_UI_DIST ?? join(HELPDESK, '.ninefold', 'test-dist');

// What ends up in the bundle: the packages as an app gets them (their dist/, rebuilt before
// every test run), @ninefold/ui's page, the helpdesk's own components, and the build itself.
const SOURCES = [
  ...['ui', 'spec', 'client', 'react'].map((p) => join(REPO, 'packages', p, 'dist')),
  join(UI_DIR, 'index.html'),
  join(UI_DIR, 'public'),
  join(HELPDESK, 'ui'),
  join(HELPDESK, 'app.ts'),
  join(REPO, 'packages', 'cli', 'src', 'ui'),
];
/** In the build, beside what it was built from: a dotfile, which the server never sends. */
const STAMP = '.sources-hash';
// Under node_modules, which git ignores.
const LOCK = join(UI_DIR, 'node_modules', '.ninefold-ui-build-lock');
const STALE_LOCK_MS = 5 * 60_000;

/**
 * A hash of every source file's path and content. Content, not modification times: the
 * packages' dist/ is rewritten before each test run, byte for byte the same when nothing changed.
 */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      hash.update(path).update(readFileSync(path));
      return;
    }
    for (const name of readdirSync(path).sort()) {
      // Declarations and maps never change the bundle's behaviour.
      if (name === 'node_modules' || name === 'types' || name.endsWith('.map')) continue;
      visit(join(path, name));
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest('hex');
}

function isFresh(hash: string): boolean {
  const stamp = join(DIST, STAMP);
  return existsSync(join(DIST, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function takeLock(): Promise<void> {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      // mkdir is atomic: exactly one worker gets here at a time.
      return;
    } catch {
      // A lock left by a crashed worker would block every later run.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) {
        rmSync(LOCK, { recursive: true, force: true });
      }
      await sleep(250);
    }
  }
}

/**
 * Builds the helpdesk's UI into DIST unless it was built from exactly the present sources.
 * Safe to call from many test files at once. Set `NINEFOLD_UI_PREBUILT=1` to use DIST as it
 * is, or `NINEFOLD_UI_DIST` to serve a copy of a build.
 * @example beforeAll(() => ensureUiBuilt(), 180_000);
 */
export async function ensureUiBuilt(): Promise<void> {
  const pinned = process.env.NINEFOLD_UI_PREBUILT === '1' || process.env.NINEFOLD_UI_DIST !== undefined;
  if (pinned && existsSync(join(DIST, 'index.html'))) return;
  if (isFresh(sourcesHash())) return;
  await takeLock();
  try {
    const hash = sourcesHash();
    if (isFresh(hash)) return;
    await buildAppUi(HELPDESK, { outDir: DIST });
    writeFileSync(join(DIST, STAMP), hash);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
