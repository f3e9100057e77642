import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CreateIO, main } from './main';

const scratch = mkdtempSync(join(tmpdir(), 'create-ninefold-main-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function io(): CreateIO & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), cwd: scratch };
}

describe('create-ninefold', () => {
  it('makes the app and prints the next steps', async () => {
    const o = io();
    expect(await main(['my-app', '--template', 'blank'], o)).toBe(0);
    expect(o.lines.join('\n')).toMatch(/Created My App in my-app[\s\S]*cd my-app[\s\S]*npm run dev/);
  });

  it.each([
    [[], 2, /which folder\?/],
    [['a', 'b'], 2, /takes one folder/],
    [['a', '--colour'], 2, /Unknown option/],
    [['my-app'], 1, /is not empty/],
    [['other', '--template', 'shop'], 1, /unknown template 'shop'/],
  ])('%j: exit %i', async (argv, code, message) => {
    const o = io();
    expect(await main(argv, o)).toBe(code);
    expect(o.errors.join('\n')).toMatch(message);
  });

  it('--help lists the templates', async () => {
    const o = io();
    expect(await main(['--help'], o)).toBe(0);
    expect(o.lines.join('\n')).toMatch(/--template blank\|helpdesk[\s\S]*helpdesk /);
  });
});
