/**
 * Graceful shutdown over real HTTP: `close()` answers the request in flight, tells every
 * realtime socket to reconnect (1001), takes no new connection, and closes the database only
 * after the request's write is durable; past the grace period a hung request is cut.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REALTIME_CLOSE } from '@ninefold/spec';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { holdSlowNotes, opsApp, signedIn } from '../../test/operations/ops-app';
import { openDatabase } from '../db/open-database';
import { createNinefold, type Ninefold } from '../start-app';

const dir = mkdtempSync(join(tmpdir(), 'ninefold-close-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function listening(file: string, shutdownGraceMs?: number) {
  const nf = await createNinefold(opsApp, {
    database: file,
    ...(shutdownGraceMs ? { shutdownGraceMs } : {}),
  });
  await nf.server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = nf.server.server.address() as { port: number };
  return { nf, port, token: await signedIn(nf, 'member') };
}

/** POSTs the slow action on a kept-alive connection; answers its status and body. */
function slowNote(port: number, token: string, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/actions/slowNote',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          connection: 'keep-alive',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (s: string) => (body += s));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ text }));
  });
}

function socket(port: number, token: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('error', () => {});
  return new Promise((resolve) => ws.once('message', () => resolve({ ws, closed })));
}

describe('closing a server with a request in flight and a socket open', () => {
  let nf: Ninefold | undefined;
  afterAll(() => nf?.close());

  it('answers the request, closes the socket with 1001, refuses new connections, keeps the write', async () => {
    const file = join(dir, 'in-flight.db');
    const s = await listening(file);
    nf = s.nf;
    const { closed } = await socket(s.port, s.token);
    const gate = holdSlowNotes();
    const answer = slowNote(s.port, s.token, 'written while closing');
    await gate.arrived;

    const closing = s.nf.close();
    expect(await closed).toBe(REALTIME_CLOSE.goingAway);
    // The port no longer takes connections while the request is still being worked on.
    await expect(fetch(`http://127.0.0.1:${s.port}/api/health`)).rejects.toThrow();
    let done = false;
    void closing.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);

    gate.release();
    const { status, body } = await answer;
    expect(status).toBe(200);
    const started = Date.now();
    await closing;
    // A kept-alive connection does not hold the close open once its request is answered.
    expect(Date.now() - started).toBeLessThan(2_000);
    nf = undefined;

    const db = openDatabase(file);
    try {
      const rows = await db.all<{ id: string; text: string }>(
        db.qb.selectFrom('notes').select(['id', 'text']),
      );
      expect(rows).toEqual([{ id: JSON.parse(body).id, text: 'written while closing' }]);
    } finally {
      await db.close();
    }
  });

  it('cuts a request still running after the grace period', async () => {
    const s = await listening(join(dir, 'hung.db'), 300);
    const gate = holdSlowNotes();
    const answer = slowNote(s.port, s.token, 'never answered');
    const failed = answer.then(
      () => 'answered',
      (e: Error) => e.message,
    );
    await gate.arrived;
    const started = Date.now();
    const closing = s.nf.close();
    expect(await failed).toMatch(/socket hang up|ECONNRESET/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Its transaction still holds the database, whose close waits for it: the write is
    // committed or rolled back whole, and was never acknowledged either way.
    gate.release();
    await closing;
  });
});
