/**
 * The production build of the UI, as `npm run build` makes it, callable from a script:
 * packages/ui/dist with its manifest (dist/.vite/manifest.json) and source maps.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/ui */
export const UI_DIR = fileURLToPath(new URL('..', import.meta.url));
/** packages/ui/dist */
export const DIST = join(UI_DIR, 'dist');

/**
 * Builds the UI into `outDir` (default dist) in production mode, whatever NODE_ENV says
 * (a test runner's `test` would otherwise bake React's development build in).
 * @example await buildUi(); // packages/ui/dist
 */
export async function buildUi(outDir: string = DIST): Promise<void> {
  const { build } = await import('vite');
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(UI_DIR, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
}
