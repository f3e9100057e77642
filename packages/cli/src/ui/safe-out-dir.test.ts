import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSafeOutDir } from './safe-out-dir';

// Regression (review of #14): `ninefold build --out DIR` emptied DIR, whatever it held.
describe('where a UI build may go', () => {
  const root = mkdtempSync(join(tmpdir(), 'nf-out-'));
  const app = join(root, 'app');
  mkdirSync(app);
  const folder = (name: string, files: Record<string, string> = {}) => {
    const dir = join(root, name);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  it.each([
    ['a new folder', join(root, 'new')],
    ['an empty folder', folder('empty')],
    ["an earlier build's folder", folder('built', { '.vite/manifest.json': '{}', 'index.html': '' })],
    ['a folder inside the app', join(app, 'public-build')],
  ])('takes %s', (_name, dir) => {
    expect(() => assertSafeOutDir(dir, app, root)).not.toThrow();
  });

  it.each([
    [
      'a folder of other files',
      folder('notes', { 'notes.txt': 'precious' }),
      /not empty and holds no earlier build/,
    ],
    ['the app itself', app, /holds the app/],
    ['a folder holding the app', root, /holds the app/],
    ['the working directory', folder('cwd'), /holds the working directory/],
  ])('refuses %s', (_name, dir, message) => {
    expect(() => assertSafeOutDir(dir, app, join(root, 'cwd'))).toThrow(message);
  });
});
