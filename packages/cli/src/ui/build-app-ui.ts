/**
 * `ninefold build`'s work: the app's UI built for production, what `ninefold start` serves.
 */
import { join, resolve } from 'node:path';
import { type AppUiConfigOptions, appUiConfig } from './app-ui-config';
import { GENERATED_DIR, writeAppUiSource } from './app-ui-source';
import { assertSafeOutDir } from './safe-out-dir';

/** What `buildAppUi` may be told. */
export interface BuildAppUiOptions extends AppUiConfigOptions {
  /**
   * Where the build goes (default `<appDir>/.ninefold/dist`); emptied first, so it must be
   * new, empty or an earlier build's.
   */
  readonly outDir?: string;
}

/** What a build made. */
export interface BuiltAppUi {
  /** The folder `ninefold start` serves: index.html, assets/, their .br and .gz copies. */
  readonly outDir: string;
  /** The app's registry module, or undefined when the app has no `ui/index.ts(x)`. */
  readonly registry: string | undefined;
}

/**
 * The default output folder of an app's UI build.
 * @example defaultUiOutDir('/home/me/my-app') // '/home/me/my-app/.ninefold/dist'
 */
export function defaultUiOutDir(appDir: string): string {
  return join(resolve(appDir), GENERATED_DIR, 'dist');
}

/**
 * Builds the app's UI for production (minified, with source maps kept beside the files but
 * not linked from them, so browsers never fetch the app's sources; Vite's manifest in
 * `.vite/manifest.json`, brotli and gzip copies), whatever NODE_ENV says: a test runner's
 * `test` would otherwise bake React's development build in. Does not check the spec: the
 * `build` command does that first.
 * @example
 * import { buildAppUi } from '@ninefold/cli';
 * const { outDir } = await buildAppUi('/home/me/my-app'); // '/home/me/my-app/.ninefold/dist'
 */
export async function buildAppUi(appDir: string, options: BuildAppUiOptions = {}): Promise<BuiltAppUi> {
  const dir = resolve(appDir);
  const outDir = resolve(options.outDir ?? defaultUiOutDir(dir));
  if (options.outDir !== undefined) assertSafeOutDir(outDir, dir, process.cwd());
  const source = writeAppUiSource(dir);
  const config = await appUiConfig(dir, source, { logLevel: 'warn', ...options });
  const { build } = await import('vite');
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      ...config,
      mode: 'production',
      build: { outDir, emptyOutDir: true, sourcemap: 'hidden', manifest: true },
    });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
  return { outDir, registry: source.registry };
}
