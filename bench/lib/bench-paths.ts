/**
 * Where the benchmark keeps its files: the repository root, and a gitignored data folder
 * for seeded databases, per-run copies and CPU profiles.
 */
import { fileURLToPath } from 'node:url';

/** The repository root (child servers start there, so `--import tsx` resolves). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Seeded databases (cached by schema hash), run copies and profiles. Gitignored. */
export const DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));

/** The entry file of a child server in bench/servers. */
export function serverEntry(name: string): string {
  return fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));
}
