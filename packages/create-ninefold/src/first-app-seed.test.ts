/**
 * The seed that "Your first app" shows (docs/guide/first-app.md, section 5) runs on the blank
 * template as written: a reader who copies it gets a seeded app, not a refusal half-way
 * (regression, review of #14: its system-made note broke the template's read-only owner).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { App } from '@ninefold/spec';
import { createTestApp, type TestSeed } from '@ninefold/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './create-app';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const GUIDE = join(ROOT, 'docs/guide/first-app.md');
// Inside the repository, so the app resolves the packages as an installed app would.
const scratch = mkdtempSync(join(fileURLToPath(new URL('..', import.meta.url)), '.tmp-first-app-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The guide's first code block that defines a seed. */
function guideSeed(): string {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const seed = blocks.find((b) => b.includes('defineSeed(app'));
  if (!seed) throw new Error('first-app.md shows no seed');
  return seed;
}

describe("the guide's seed on the blank template", () => {
  it('seeds every account and note it shows', async () => {
    const created = await createApp({ dir: 'notes', cwd: scratch });
    writeFileSync(join(created.dir, 'seed.ts'), guideSeed());
    const { default: app } = (await import(pathToFileURL(join(created.dir, 'app.ts')).href)) as {
      default: App;
    };
    const { default: seed } = (await import(pathToFileURL(join(created.dir, 'seed.ts')).href)) as {
      default: TestSeed<App>;
    };
    await using t = await createTestApp(app, { seed, listen: false });
    const max = await t.signIn('max@example.test', 'demo-password-1');
    await t.signIn('lee@example.test', 'demo-password-1');
    const { items } = await max.list('notes' as never, {});
    expect(items.map((n) => String(n.title)).sort()).toEqual(['Last week', 'Welcome']);
  });
});
