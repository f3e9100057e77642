import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HELPDESK, removeScratch, scratchDir, serve } from '../../test/run-cli';

afterAll(removeScratch);

async function summary(url: string): Promise<string> {
  const meta = (await (await fetch(`${url}/api/meta`)).json()) as { about: { summary: string } };
  return meta.about.summary;
}

describe('ninefold dev', { timeout: 120_000 }, () => {
  it('restarts with the new code when a file of the app changes, survives a broken app, and stops both processes on SIGTERM', async () => {
    // A copy of the helpdesk, so the test edits its own app.ts and not the real one.
    const appDir = scratchDir('dev-app');
    copyFileSync(join(HELPDESK, 'app.ts'), join(appDir, 'app.ts'));
    // The database inside the watched folder: the server's own writes must not restart it.
    const s = await serve(['dev', appDir, '--port', '0'], { DATA_DIR: join(appDir, 'state') });
    try {
      await s.waitFor(/Press Ctrl-C to stop/);
      expect(await summary(s.url)).toBe('A support desk for a small software company.');
      expect(s.output()).toContain('has no seed.ts, so there is no demo data');

      const file = join(appDir, 'app.ts');
      const source = readFileSync(file, 'utf8');
      writeFileSync(file, source.replace("summary: 'A support desk", "summary: 'Edited: a support desk"));
      const [, url] = await s.waitFor(/is running at (http:\/\/\S+)/, 2);
      expect(s.output()).toContain('↻ app.ts changed: restarting');
      expect(await summary(url!)).toBe('Edited: a support desk for a small software company.');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(s.output().match(/is running at/g)).toHaveLength(2);

      // A broken app ends its server but not dev; the fix brings it back.
      writeFileSync(file, `${source}\nexport const broken = ;\n`);
      await s.waitFor(/✗ the server exited \(code 1\); waiting for a change to restart/);
      writeFileSync(file, source);
      const [, fixed] = await s.waitFor(/is running at (http:\/\/\S+)/, 3);
      expect(await summary(fixed!)).toBe('A support desk for a small software company.');

      const { code, out } = await s.stop();
      expect(code).toBe(0);
      expect(out).toContain('✓ stopped');
      await expect(fetch(`${fixed}/api/health`)).rejects.toThrow();
    } finally {
      await s.stop();
    }
  });
});
