/**
 * Copies an app's own files: what a template holds, without what is installed, generated or
 * local (node_modules, the database, the CLI's builds) and without the files every app gets
 * from `app-files.ts`.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** Never copied, at any depth. */
export const SKIPPED_DIRS = new Set(['node_modules', '.data', '.ninefold', 'dist', '.git']);
/** Never copied from a template's top level: every app gets its own (see app-files.ts). */
export const GENERATED_FILES = new Set(['package.json', 'package-lock.json', 'tsconfig.json', '.gitignore']);

/** What only makes sense inside the Ninefold repository (links into its docs, its root scripts). */
const REPO_NOTE = /\n?<!-- ninefold-repo -->[\s\S]*?<!-- \/ninefold-repo -->/g;

/**
 * Copies `from` into `to` (made if missing), without the notes its Markdown marks as the
 * repository's own.
 * @example copyAppFiles('examples/helpdesk', 'packages/create-ninefold/templates/helpdesk');
 */
export function copyAppFiles(from: string, to: string): void {
  const root = resolve(from);
  cpSync(root, to, {
    recursive: true,
    filter: (source) => {
      const name = basename(source);
      if (SKIPPED_DIRS.has(name) && statSync(source).isDirectory()) return false;
      return !(dirname(resolve(source)) === root && GENERATED_FILES.has(name));
    },
  });
  for (const file of readdirSync(to, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.md')) continue;
    const text = readFileSync(join(to, file), 'utf8');
    if (REPO_NOTE.test(text)) writeFileSync(join(to, file), text.replace(REPO_NOTE, ''));
  }
}

/**
 * Fills `{{key}}` in every text file under `dir`.
 * @example fillPlaceholders('/tmp/my-app', { appTitle: 'My App' });
 */
export function fillPlaceholders(dir: string, values: { readonly [key: string]: string }): void {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, file);
    if (!/\.(ts|tsx|md|css|json|html)$/.test(file) || !statSync(path).isFile()) continue;
    const text = readFileSync(path, 'utf8');
    const filled = text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
    if (filled !== text) writeFileSync(path, filled);
  }
}

/**
 * The files under `dir`, relative, sorted: what a new app holds.
 * @example listFiles('/tmp/my-app') // ['.gitignore', 'README.md', 'app.test.ts', …]
 */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => relative(dir, join(dir, f)))
    .sort();
}
