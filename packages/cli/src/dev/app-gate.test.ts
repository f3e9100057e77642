import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typeCheckPlan } from './app-gate';

const dir = mkdtempSync(join(tmpdir(), 'nf-gate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('typeCheckPlan', () => {
  it('skips TypeScript for an app without a tsconfig.json, and says so', () => {
    expect(typeCheckPlan(dir)).toEqual({
      tsc: undefined,
      skipped: `${dir} has no tsconfig.json: skipping the TypeScript check`,
    });
  });

  it("uses a TypeScript compiler (the app's own, else the CLI's) when there is one", () => {
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
    expect(typeCheckPlan(dir).tsc).toMatch(/typescript[/\\]bin[/\\]tsc$/);
  });
});
