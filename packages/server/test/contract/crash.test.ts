/**
 * Durability on SQLite: a child process serves creates, is killed with SIGKILL in the middle
 * of a concurrent stream, and is started again on the same file. Every create that was
 * acknowledged (answered 201) must be there, and the file must pass `PRAGMA integrity_check`.
 * A SIGKILL loses what is only in the process, not what reached the OS: this proves that an
 * answer is sent only after its group commit, and that recovery leaves a sound file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('./fixtures/crash-server.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const IN_FLIGHT = 8;
const KILL_AFTER = 200;

const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'nf-crash-'));
const file = join(dir, 'crash.db');

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on the file; resolves with its port once it prints it. */
function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, file], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

it('every acknowledged create survives a SIGKILL mid-stream, and the file is sound', {
  timeout: 60_000,
}, async () => {
  const first = await startServer();
  const acked: string[] = [];
  let seq = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) {
      const n = seq++;
      let id: string | undefined;
      try {
        const res = await fetch(`http://127.0.0.1:${first.port}/api/entities/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seq: n, note: `event ${n}` }),
        });
        if (res.status === 201) id = ((await res.json()) as { id: string }).id;
        else expect(res.status, await res.text()).toBe(201);
      } catch (e) {
        // Only the kill may break a request; anything earlier is a failure of the server.
        if (!killed) throw e;
        return;
      }
      if (id) acked.push(id);
      if (acked.length >= KILL_AFTER && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await exited(first.child);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);

  const second = await startServer();
  const sample = acked[acked.length - 1];
  const got = await fetch(`http://127.0.0.1:${second.port}/api/entities/events/${sample}`);
  expect(got.status).toBe(200);

  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const stored = new Set(db.prepare('select id from events').pluck().all() as string[]);
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
  second.child.kill('SIGTERM');
  await exited(second.child);
});
