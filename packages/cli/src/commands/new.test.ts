import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ninefoldHere, removeScratch, scratchDir } from '../../test/run-cli';

afterAll(removeScratch);

describe('ninefold new', () => {
  it('makes an app in a new folder, as npm create ninefold does, and says what next', async () => {
    const cwd = scratchDir('new');
    const { code, out } = await ninefoldHere(['new', 'team-notes'], {}, cwd);
    expect(out).toMatch(/✓ Created Team Notes in team-notes \(template: blank[\s\S]*cd team-notes/);
    expect(code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(cwd, 'team-notes', 'package.json'), 'utf8'));
    expect(pkg.dependencies['@ninefold/cli']).toMatch(/^\^\d+\.\d+\.\d+/);
  });

  it.each([
    [[], 2, /which folder\?/],
    [['a', '--template', 'shop'], 1, /unknown template 'shop'/],
  ])('%j: exit %i', async (args, code, message) => {
    const r = await ninefoldHere(['new', ...args], {}, scratchDir('new'));
    expect(r.err).toMatch(message);
    expect(r.code).toBe(code);
  });

  it('refuses a folder that is not empty', async () => {
    const r = await ninefoldHere(['new', '.'], {}, join(scratchDir('new'), '..'));
    expect(r.err).toMatch(/is not empty/);
    expect(r.code).toBe(1);
  });
});
