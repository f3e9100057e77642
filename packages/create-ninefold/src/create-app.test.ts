import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_GITIGNORE,
  APP_SCRIPTS,
  APP_TSCONFIG,
  appPackageJson,
  NINEFOLD_PACKAGES,
  THIRD_PARTY_VERSIONS,
} from './app-files';
import { CreateAppError, createApp, nextSteps } from './create-app';
import { scaffoldVersion, templateDir } from './templates';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HELPDESK = join(ROOT, 'examples/helpdesk');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'create-ninefold-'));
  // The helpdesk template is copied at the package's build and pack (by this script, which
  // leaves a current copy alone, so tests reading it meanwhile are not disturbed).
  if (!existsSync(templateDir('helpdesk'))) {
    execFileSync(process.execPath, [
      fileURLToPath(new URL('../scripts/copy-templates.mjs', import.meta.url)),
    ]);
  }
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('createApp', () => {
  it('makes a blank app named after its folder, depending on every @ninefold package at its own version', async () => {
    const app = await createApp({ dir: 'my-shop', cwd: scratch });
    expect(app).toMatchObject({ dir: join(scratch, 'my-shop'), packageName: 'my-shop', title: 'My Shop' });
    expect(app.files).toEqual([
      '.gitignore',
      'README.md',
      'app.test.ts',
      'app.ts',
      'package.json',
      'seed.ts',
      'tsconfig.json',
      'ui/index.ts',
    ]);
    const pkg = json(join(app.dir, 'package.json'));
    expect(pkg.name).toBe('my-shop');
    expect(pkg.scripts).toEqual(APP_SCRIPTS);
    for (const name of NINEFOLD_PACKAGES) expect(pkg.dependencies[name]).toBe(`^${scaffoldVersion()}`);
    expect(pkg.devDependencies['@ninefold/testing']).toBe(`^${scaffoldVersion()}`);
    expect(pkg.dependencies['@ninefold/testing']).toBeUndefined();
    expect(Object.keys(pkg.devDependencies).sort()).toEqual([
      '@ninefold/testing',
      '@types/node',
      '@types/react',
      'typescript',
      'vitest',
    ]);
    expect(pkg.dependencies.react).toBe(THIRD_PARTY_VERSIONS.react);
    expect(json(join(app.dir, 'tsconfig.json')).compilerOptions).toMatchObject({
      strict: true,
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
    });
    expect(readFileSync(join(app.dir, '.gitignore'), 'utf8').split('\n')).toEqual(
      expect.arrayContaining(['node_modules/', '.data/', '.ninefold/']),
    );
    const spec = readFileSync(join(app.dir, 'app.ts'), 'utf8');
    expect(spec).toContain("name: 'My Shop'");
    expect(spec).not.toMatch(/\{\{|helpdesk|ticket/i);
    expect(readFileSync(join(app.dir, 'README.md'), 'utf8')).toMatch(/^# My Shop\n/);
    expect(readFileSync(join(app.dir, 'seed.ts'), 'utf8')).toContain('defineSeed(app');
  });

  it('copies the helpdesk without what is installed, local or generated', async () => {
    const app = await createApp({ dir: 'desk', cwd: scratch, template: 'helpdesk', version: '1.2.3' });
    expect(app.files).toEqual(expect.arrayContaining(['app.ts', 'seed.ts', 'ui/index.ts', 'README.md']));
    expect(app.files.filter((f) => /node_modules|\.data|\.ninefold|dist\//.test(f))).toEqual([]);
    expect(readFileSync(join(app.dir, 'app.ts'), 'utf8')).toBe(
      readFileSync(join(HELPDESK, 'app.ts'), 'utf8'),
    );
    const pkg = json(join(app.dir, 'package.json'));
    expect(pkg.name).toBe('desk');
    expect(pkg.dependencies['@ninefold/ui']).toBe('^1.2.3');
  });

  it('accepts an empty folder, and refuses one with anything in it, a file, or an unknown template', async () => {
    mkdirSync(join(scratch, 'empty'));
    await expect(createApp({ dir: 'empty', cwd: scratch })).resolves.toMatchObject({ packageName: 'empty' });
    // An empty repository's fresh clone (review of #14: it was refused as not empty).
    mkdirSync(join(scratch, 'cloned', '.git'), { recursive: true });
    await expect(createApp({ dir: 'cloned', cwd: scratch })).resolves.toMatchObject({
      packageName: 'cloned',
    });
    mkdirSync(join(scratch, 'used'));
    writeFileSync(join(scratch, 'used', 'notes.txt'), 'mine');
    await expect(createApp({ dir: 'used', cwd: scratch })).rejects.toThrow(/is not empty/);
    expect(readFileSync(join(scratch, 'used', 'notes.txt'), 'utf8')).toBe('mine');
    await expect(createApp({ dir: 'used/notes.txt', cwd: scratch })).rejects.toThrow(/is a file/);
    await expect(createApp({ dir: 'x', cwd: scratch, template: 'shop' })).rejects.toThrow(CreateAppError);
    expect(existsSync(join(scratch, 'x'))).toBe(false);
  });

  it('says what to do next', async () => {
    const app = await createApp({ dir: 'next app', cwd: scratch });
    const lines = nextSteps(app, scratch);
    expect(lines[0]).toMatch(/^✓ Created Next App in next app \(template: blank, 8 files\)$/);
    expect(lines).toEqual(expect.arrayContaining(["  cd 'next app'", '  npm install']));
    expect(app.packageName).toBe('next-app');
    // Quoted so the shell expands nothing in it (review of #14: "$HOME app" was double-quoted).
    const odd = await createApp({ dir: "$HOME it's", cwd: scratch });
    expect(nextSteps(odd, scratch)).toContain("  cd '$HOME it'\\''s'");
  });
});

describe('one home for what every app has', () => {
  it('the helpdesk is set up as a scaffolded app is', () => {
    expect(json(join(HELPDESK, 'tsconfig.json'))).toEqual(JSON.parse(JSON.stringify(APP_TSCONFIG)));
    expect(readFileSync(join(HELPDESK, '.gitignore'), 'utf8')).toBe(APP_GITIGNORE);
    // Its README reads right in an app of its own: no links into this repository's docs.
    const readme = readFileSync(join(templateDir('helpdesk'), 'README.md'), 'utf8');
    expect(readme).toContain('npm run demo');
    expect(readme).not.toMatch(/\.\.\/\.\.\/docs|ninefold-repo|repository, `npm start`/);
    expect(readFileSync(join(HELPDESK, 'README.md'), 'utf8')).toContain('../../docs/guide.md');
    const helpdesk = json(join(HELPDESK, 'package.json'));
    expect(helpdesk.scripts).toEqual(APP_SCRIPTS);
    // The same dependencies as a scaffolded app (in the workspace at its exact versions).
    const app = appPackageJson('helpdesk', scaffoldVersion());
    expect(Object.keys(helpdesk.dependencies).sort()).toEqual(Object.keys(app.dependencies).sort());
    expect(Object.keys(helpdesk.devDependencies).sort()).toEqual(Object.keys(app.devDependencies).sort());
  });

  it('new apps get the third-party versions this repository builds and tests with', () => {
    const root = json(join(ROOT, 'package.json'));
    const ui = json(join(ROOT, 'packages/ui/package.json'));
    expect(THIRD_PARTY_VERSIONS).toMatchObject({
      typescript: root.devDependencies.typescript,
      vitest: root.devDependencies.vitest,
      '@types/node': root.devDependencies['@types/node'],
      react: ui.peerDependencies.react,
      'react-dom': ui.peerDependencies['react-dom'],
    });
  });
});
