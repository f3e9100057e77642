/**
 * The Vite configuration of an app's UI, shared by `ninefold dev` and `ninefold build`: no
 * config file of the app's own is read, so every app builds the same way.
 */
import { join } from 'node:path';
import type { InlineConfig } from 'vite';
import type { AppUiSource } from './app-ui-source';
import { precompress } from './precompress';

/** How Vite logs. */
export interface AppUiConfigOptions {
  /** Vite's own log level (default `info` in dev, `warn` in a build). */
  readonly logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

/**
 * The configuration both commands start from: React with Fast Refresh, one copy of React
 * (an app and @ninefold/ui must share it, or hooks break), the app's folder readable by the
 * dev server, and @ninefold/ui's public folder.
 * @example const config = await appUiConfig(appDir, writeAppUiSource(appDir), {});
 */
export async function appUiConfig(
  appDir: string,
  source: AppUiSource,
  options: AppUiConfigOptions,
): Promise<InlineConfig> {
  const { default: react } = await import('@vitejs/plugin-react');
  const { searchForWorkspaceRoot } = await import('vite');
  return {
    configFile: false,
    root: source.root,
    base: '/',
    publicDir: source.uiPackage.publicDir,
    // Vite's cache, beside the generated source rather than in the app's node_modules.
    cacheDir: join(source.root, '..', 'vite-cache'),
    plugins: [react(), precompress()],
    resolve: {
      dedupe: ['react', 'react-dom'],
      // The generated entry imports @ninefold/ui by name: the copy found above, even when the
      // app's own folder cannot resolve it (the CLI's copy, in a nested install).
      alias: [{ find: /^@ninefold\/ui$/, replacement: source.uiPackage.entry }],
    },
    server: {
      fs: {
        // Never a database file (app.db and its -wal and -shm, backups), even when dev listens
        // beyond loopback (HOST=0.0.0.0); Vite's own defaults (.env, keys, .git) kept.
        deny: [
          '.env',
          '.env.*',
          '*.{crt,pem}',
          '**/.git/**',
          '**/*.{db,sqlite,sqlite3}',
          '**/*.{db,sqlite,sqlite3}-*',
        ],
        // The app's folder (its ui/), @ninefold/ui (index.html's styles, the public folder)
        // and the workspace holding the app's node_modules.
        allow: [searchForWorkspaceRoot(appDir), appDir, source.uiPackage.dir],
      },
    },
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
  };
}
