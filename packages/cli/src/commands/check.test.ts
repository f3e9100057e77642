import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/ninefold.js');
const helpdesk = join(root, 'examples/helpdesk');
// Under the repo, so the copy's `@ninefold/spec` import resolves; .data is gitignored.
const scratch = join(helpdesk, '.data');
const made: string[] = [];

function ninefold(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function brokenCopy(from: string, to: string): string {
  const source = readFileSync(join(helpdesk, 'app.ts'), 'utf8');
  expect(source).toContain(from);
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'tmp-broken-'));
  made.push(dir);
  writeFileSync(join(dir, 'app.ts'), source.replace(from, to));
  return dir;
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('ninefold check', () => {
  it('passes the helpdesk and says what it holds', () => {
    const { code, out } = ninefold(['check', 'examples/helpdesk']);
    expect(out).toBe('✓ Helpdesk: the spec is valid (5 entities, 7 transitions, 2 actions, 10 screens)\n');
    expect(code).toBe(0);
  });

  it('checks the current directory by default', () => {
    const { code, out } = ninefold(['check'], helpdesk);
    expect(out).toContain('the spec is valid');
    expect(code).toBe(0);
  });

  it('lists every problem of a spec with a transition to a state that does not exist', () => {
    const dir = brokenCopy("from: 'open', to: 'pending'", "from: 'open', to: 'waiting'");
    const { code, out } = ninefold(['check', dir]);
    expect(out).toContain(
      "✗ entities.tickets.states.transitions.await.to: transition 'await' goes to 'waiting', which is not a state of tickets",
    );
    expect(out).toContain("✗ entities.tickets.states.states.pending: state 'pending' cannot be reached");
    expect(out).toContain('2 problems found');
    expect(out).not.toContain('valid');
    expect(code).toBe(1);
  });

  it('says so when the directory has no app.ts', () => {
    const { code, err } = ninefold(['check', 'packages/cli']);
    expect(err).toContain('there is no app.ts in');
    expect(code).toBe(1);
  });

  it('refuses an unknown command with the usage text', () => {
    const { code, err } = ninefold(['chekc']);
    expect(err).toContain("unknown command 'chekc'");
    expect(err).toContain('usage: ninefold <command>');
    expect(code).toBe(2);
  });
});
