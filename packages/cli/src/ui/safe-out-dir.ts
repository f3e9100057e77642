/**
 * Where a UI build may go. Vite empties its output folder first, so a folder named by hand
 * (`ninefold build --out DIR`) must be one a build made, an empty one, or a new one: never a
 * folder of someone's files, and never one that holds the app or the working directory.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CliError } from '../command';

/**
 * Refuses an output folder a build must not empty; answers nothing when it is safe.
 * @example assertSafeOutDir('/tmp/ui-build', '/home/me/my-app', process.cwd());
 */
export function assertSafeOutDir(outDir: string, appDir: string, cwd: string): void {
  for (const [what, dir] of [
    ['the app', appDir],
    ['the working directory', cwd],
  ] as const) {
    if (inside(dir, outDir))
      throw new CliError(`will not build into ${outDir}: it holds ${what}, and a build empties its folder`);
  }
  if (!existsSync(outDir) || readdirSync(outDir).length === 0) return;
  if (existsSync(join(outDir, '.vite', 'manifest.json'))) return;
  throw new CliError(
    `will not build into ${outDir}: it is not empty and holds no earlier build, and a build empties its folder`,
  );
}

/** True when `path` is `dir` or inside it. */
function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}
