/**
 * Where `@ninefold/ui` is installed: the generated UI's index.html and public folder come
 * from it, in the version the app depends on.
 */
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CliError } from '../command';

/** The installed `@ninefold/ui` package, by its real path (symlinks resolved). */
export interface UiPackage {
  /** Its folder. */
  readonly dir: string;
  /** Its JavaScript entry (`import … from '@ninefold/ui'`). */
  readonly entry: string;
  /** The page every app's UI starts from. */
  readonly indexHtml: string;
  /** Copied as they are into the build (the favicon). */
  readonly publicDir: string;
}

/**
 * Finds `@ninefold/ui` as the app would import it (from its own folder), else as the CLI
 * would: an app without its own install still builds with the CLI's copy.
 * @example findUiPackage('/home/me/my-app').indexHtml // '/home/me/my-app/node_modules/@ninefold/ui/index.html'
 */
export function findUiPackage(appDir: string): UiPackage {
  const dir = fromExports(appDir) ?? fromNodeModules(appDir) ?? fromNodeModules(import.meta.dirname);
  if (!dir) {
    throw new CliError(
      `@ninefold/ui is not installed for ${appDir}: add it to the app's dependencies (npm install @ninefold/ui)`,
    );
  }
  const real = realpathSync(dir);
  return {
    dir: real,
    entry: join(real, 'dist', 'index.js'),
    indexHtml: join(real, 'index.html'),
    publicDir: join(real, 'public'),
  };
}

/** Through the package's `exports` (`./package.json`), as Node resolves it. */
function fromExports(appDir: string): string | undefined {
  try {
    const require = createRequire(join(appDir, 'package.json'));
    return dirname(require.resolve('@ninefold/ui/package.json'));
  } catch {
    // Not exported (an older package) or not installed here: look in node_modules instead.
    return undefined;
  }
}

/** The first `node_modules/@ninefold/ui` with an index.html, from `start` up to the root. */
function fromNodeModules(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '@ninefold', 'ui');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
