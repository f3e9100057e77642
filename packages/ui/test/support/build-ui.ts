/**
 * Builds the UI (packages/ui/dist) once when its sources are newer than the build. Test
 * files run in parallel workers, so the build takes a lock (an atomic mkdir): the first
 * worker builds, the others wait and then find the build fresh.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/ui */
export const UI_DIR = fileURLToPath(new URL('../..', import.meta.url));
/**
 * packages/ui/dist, what staticUi() serves; or `NINEFOLD_UI_DIST`, a copy of a build made
 * before, used as it is. That pins a run to one build: a rebuild of packages/ui/dist by
 * another run at the same time (it empties the folder) would otherwise take away chunks an
 * open page has yet to load, and fail tests that have nothing to do with the change.
 */
export const DIST = process.env.NINEFOLD_UI_DIST ?? join(UI_DIR, 'dist');

const REPO = join(UI_DIR, '..', '..');
// Everything that ends up in the bundle: the UI, the packages it imports, the app's components.
const SOURCES = [
  join(UI_DIR, 'src'),
  join(UI_DIR, 'index.html'),
  join(UI_DIR, 'vite.config.ts'),
  join(REPO, 'packages', 'spec', 'src'),
  join(REPO, 'packages', 'client', 'src'),
  join(REPO, 'packages', 'react', 'src'),
  join(REPO, 'examples', 'helpdesk', 'ui'),
  join(REPO, 'examples', 'helpdesk', 'app.ts'),
];
// Under node_modules, which git ignores.
const LOCK = join(UI_DIR, 'node_modules', '.ninefold-ui-build-lock');
const STALE_LOCK_MS = 5 * 60_000;

/** The newest modification time of a file or anywhere under a folder (0 when missing). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((name) => (name === 'node_modules' ? 0 : newest(join(path, name)))),
  );
}

function isFresh(): boolean {
  const index = join(DIST, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...SOURCES.map(newest));
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

async function build(): Promise<void> {
  const { build: viteBuild } = await import('vite');
  // Vitest sets NODE_ENV=test, which Vite would bake in (React's development build): build as
  // `npm run build` does, then put it back.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({ configFile: join(UI_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
}

/**
 * Builds packages/ui/dist unless it is newer than every source. Safe to call from many test
 * files at once. Set `NINEFOLD_UI_PREBUILT=1` to use dist as it is, or `NINEFOLD_UI_DIST` to
 * serve a copy of it.
 * @example beforeAll(() => ensureUiBuilt(), 180_000);
 */
export async function ensureUiBuilt(): Promise<void> {
  const pinned = process.env.NINEFOLD_UI_PREBUILT === '1' || process.env.NINEFOLD_UI_DIST !== undefined;
  if (pinned && existsSync(join(DIST, 'index.html'))) return;
  if (isFresh()) return;
  await takeLock();
  try {
    if (!isFresh()) await build();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
