import { describe, expect, it } from 'vitest';
import type { CommandIO } from './command';
import { run } from './run';

async function runCaptured(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd() };
  const code = await run(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('run', () => {
  it.each([
    { argv: [], code: 2, stream: 'err', says: 'usage: ninefold <command> [appDir] [flags]' },
    { argv: ['help'], code: 0, stream: 'out', says: 'check  check the spec' },
    { argv: ['--help'], code: 0, stream: 'out', says: 'commands:' },
    { argv: ['deploy'], code: 2, stream: 'err', says: "ninefold: unknown command 'deploy'" },
    { argv: ['toString'], code: 2, stream: 'err', says: "unknown command 'toString'" },
    { argv: ['check', '--help'], code: 0, stream: 'out', says: 'usage: ninefold check [appDir]' },
    { argv: ['check', '--fix'], code: 2, stream: 'err', says: "Unknown option '--fix'" },
    { argv: ['check', 'a', 'b'], code: 2, stream: 'err', says: 'takes one app directory, not 2' },
    { argv: ['check', 'no/such/dir'], code: 1, stream: 'err', says: '✗ there is no app.ts in' },
  ] as const)('answers $code to $argv', async ({ argv, code, stream, says }) => {
    const result = await runCaptured([...argv]);
    expect(result[stream]).toContain(says);
    expect(result.code).toBe(code);
  });
});
