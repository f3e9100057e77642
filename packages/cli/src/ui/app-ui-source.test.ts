import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRegistryFile, entrySource, writeAppUiSource } from './app-ui-source';
import { findUiPackage } from './ui-package';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
function appDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nf-ui-source-'));
  made.push(dir);
  return dir;
}

describe('the generated UI source', () => {
  it("starts the generated UI with the app's registry, or with none", () => {
    expect(entrySource('/app/.ninefold/ui', '/app/ui/index.tsx')).toContain(
      "import registry from '../../ui/index.tsx';\n\nstartBrowserApp(registry);",
    );
    const bare = entrySource('/app/.ninefold/ui', undefined);
    expect(bare).toContain('startBrowserApp({});');
    expect(bare).not.toContain('import registry');
  });

  it('finds ui/index.tsx before ui/index.ts, and nothing in an app without ui/', () => {
    const dir = appDir();
    expect(appRegistryFile(dir)).toBeUndefined();
    mkdirSync(join(dir, 'ui'));
    writeFileSync(join(dir, 'ui', 'index.ts'), 'export default {};');
    expect(appRegistryFile(dir)).toBe(join(dir, 'ui', 'index.ts'));
    writeFileSync(join(dir, 'ui', 'index.tsx'), 'export default {};');
    expect(appRegistryFile(dir)).toBe(join(dir, 'ui', 'index.tsx'));
  });

  it("copies @ninefold/ui's page and rewrites only what changed (a running dev server hears of nothing else)", () => {
    const dir = appDir();
    const first = writeAppUiSource(dir);
    expect(first.root).toBe(join(dir, '.ninefold', 'ui'));
    const html = readFileSync(join(first.root, 'index.html'), 'utf8');
    expect(html).toBe(readFileSync(findUiPackage(dir).indexHtml, 'utf8'));
    expect(html).toContain('<script type="module" src="./entry.ts"></script>');
    const entry = join(first.root, 'entry.ts');
    const before = statSync(entry).mtimeMs;
    writeAppUiSource(dir);
    expect(statSync(entry).mtimeMs).toBe(before);
    mkdirSync(join(dir, 'ui'));
    writeFileSync(join(dir, 'ui', 'index.ts'), 'export default {};');
    expect(writeAppUiSource(dir).registry).toBe(join(dir, 'ui', 'index.ts'));
    expect(readFileSync(entry, 'utf8')).toContain("import registry from '../../ui/index.ts';");
  });

  it("finds @ninefold/ui's folder, its page and its public folder", () => {
    const ui = findUiPackage(appDir());
    expect(readFileSync(ui.indexHtml, 'utf8')).toContain('<div id="root">');
    expect(statSync(join(ui.publicDir, 'favicon.svg')).isFile()).toBe(true);
  });
});
