import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeScratch, scratchDir } from '../test/run-cli';
import { CliError } from './command';
import { loadDemoSeed, printAccounts } from './demo-seed';

afterAll(removeScratch);

function appWithSeed(source: string | undefined): string {
  const dir = scratchDir('demo-seed');
  if (source !== undefined) writeFileSync(join(dir, 'seed.ts'), source);
  return dir;
}

const APP = `import { defineApp } from '@ninefold/spec';
const app = defineApp({ about: { name: 'S', summary: 'S.', audience: 'S.' }, roles: { boss: { admin: true } }, entities: {} });
`;

describe('loadDemoSeed', () => {
  it('takes a defineSeed seed with its accounts and password', async () => {
    const dir = appWithSeed(`${APP}import { defineSeed } from '@ninefold/server';
export default defineSeed(app, {
  password: 'seed-password-9',
  accounts: [{ key: 'boss', email: 'boss@example.test', name: 'Bo', role: 'boss' }],
});
`);
    const demo = await loadDemoSeed(dir, process.cwd());
    expect(demo?.accounts).toEqual([{ key: 'boss', email: 'boss@example.test', name: 'Bo', role: 'boss' }]);
    expect(demo?.password).toBe('seed-password-9');
    const lines: string[] = [];
    printAccounts(demo!, { out: (l: string) => lines.push(l) } as never);
    expect(lines).toEqual(['Demo accounts (password: seed-password-9):', '  boss@example.test  boss']);
  });

  it('still takes a plain function with DEMO_ACCOUNTS and DEMO_PASSWORD', async () => {
    const dir = appWithSeed(`export const DEMO_PASSWORD = 'old-password-1';
export const DEMO_ACCOUNTS = [{ email: 'a@example.test', role: 'boss' }, { nope: true }];
export default async function seed() { return true; }
`);
    const demo = await loadDemoSeed(dir, process.cwd());
    expect(demo?.accounts).toEqual([{ email: 'a@example.test', role: 'boss' }]);
    expect(demo?.password).toBe('old-password-1');
    expect(await demo?.seed(undefined as never)).toBe(true);
  });

  it('answers undefined for an app without seed.ts, and refuses a default export that is no seed', async () => {
    expect(await loadDemoSeed(appWithSeed(undefined), process.cwd())).toBeUndefined();
    const dir = appWithSeed('export default { accounts: [] };\n');
    await expect(loadDemoSeed(dir, process.cwd())).rejects.toThrow(CliError);
    await expect(loadDemoSeed(dir, process.cwd())).rejects.toThrow(/defineSeed/);
  });
});
