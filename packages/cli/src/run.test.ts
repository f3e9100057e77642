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
    { argv: ['help'], code: 0, stream: 'out', says: 'check    check the spec' },
    { argv: ['--help'], code: 0, stream: 'out', says: 'commands:' },
    { argv: ['deploy'], code: 2, stream: 'err', says: "ninefold: unknown command 'deploy'" },
    { argv: ['toString'], code: 2, stream: 'err', says: "unknown command 'toString'" },
    { argv: ['check', '--help'], code: 0, stream: 'out', says: 'usage: ninefold check [appDir]' },
    { argv: ['check', '--fix'], code: 2, stream: 'err', says: "Unknown option '--fix'" },
    { argv: ['check', 'a', 'b'], code: 2, stream: 'err', says: 'takes one app directory, not 2' },
    { argv: ['check', 'no/such/dir'], code: 1, stream: 'err', says: '✗ there is no app.ts in' },
    {
      argv: ['start', '--help'],
      code: 0,
      stream: 'out',
      says: 'usage: ninefold start [appDir] [--port N] [--demo]',
    },
    {
      argv: ['start', '--port', 'http'],
      code: 2,
      stream: 'err',
      says: "--port must be a port number from 0 to 65535, not 'http'",
    },
    {
      argv: ['start', '--port', '70000'],
      code: 2,
      stream: 'err',
      says: "not '70000'\nusage: ninefold start",
    },
    { argv: ['start', '--verbose'], code: 2, stream: 'err', says: "Unknown option '--verbose'" },
    {
      argv: ['start', 'a', 'b'],
      code: 2,
      stream: 'err',
      says: 'ninefold start: takes one app directory, not 2',
    },
    { argv: ['dev', '--port', 'x'], code: 2, stream: 'err', says: 'usage: ninefold dev [appDir] [--port N]' },
    { argv: ['dev', 'no/such/dir'], code: 1, stream: 'err', says: '✗ there is no app.ts in' },
    { argv: ['migrate', '--force'], code: 2, stream: 'err', says: "Unknown option '--force'" },
    {
      argv: ['openapi', 'a', 'b'],
      code: 2,
      stream: 'err',
      says: 'usage: ninefold openapi [appDir] [--out file]',
    },
    { argv: ['seed', 'packages/cli'], code: 1, stream: 'err', says: '✗ packages/cli has no seed.ts' },
    { argv: ['admin'], code: 2, stream: 'err', says: 'ninefold admin: which action? create' },
    { argv: ['admin', 'delete'], code: 2, stream: 'err', says: "unknown action 'delete'" },
    {
      argv: ['admin', 'create', 'examples/helpdesk', '--name', 'Ops'],
      code: 2,
      stream: 'err',
      says: '--email and --name are required',
    },
    {
      argv: ['invite', 'examples/helpdesk', '--email', 'sam@example.test'],
      code: 2,
      stream: 'err',
      says: '--email and --role are required',
    },
    {
      argv: ['invite', '--email', 'sam@example.test', '--role', 'agent', '--team', 'x'],
      code: 2,
      stream: 'err',
      says: "Unknown option '--team'",
    },
  ] as const)('answers $code to $argv', async ({ argv, code, stream, says }) => {
    const result = await runCaptured([...argv]);
    expect(result[stream]).toContain(says);
    expect(result.code).toBe(code);
  });
});

describe('usage', () => {
  it('lists every command', async () => {
    const { out } = await runCaptured(['help']);
    const names = [...out.matchAll(/^ {2}(\w+) {2,}/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'new',
      'start',
      'dev',
      'build',
      'check',
      'migrate',
      'openapi',
      'seed',
      'backup',
      'restore',
      'admin',
      'invite',
    ]);
  });
});
