/**
 * Files survive a crash (issue #18): the real `ninefold start` on the helpdesk takes many
 * uploads at once (some large and streamed slowly), file removals and whole-record deletes,
 * and is killed with SIGKILL mid-flight; started again (with a short sweep grace), no record
 * names a file whose bytes are missing, every acknowledged upload is there byte for byte,
 * every acknowledged removal stays removed, and once the sweep has run every stored file has
 * a `ready` ledger row and no row is left `uploading` or `removing`. On PostgreSQL, the same
 * with two processes on one database and one files directory, both killed.
 */
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { openDatabase } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi as call, type Json } from '../../test/call-api';
import { pdfOf, sha256, uploadFile } from '../../test/file-upload';
import { logIn, type Running, removeScratch, scratchDir, serve } from '../../test/run-cli';
import { PG_URL, sharedPostgres } from '../../test/shared-postgres';

afterAll(removeScratch);

const PASSWORD = 'demo-password-1';
const GRACE_MS = 1000;
const KiB = 1024;

/** One upload the test made: where, its bytes' hash, and what became of it. */
interface Sent {
  readonly path: string;
  readonly record: string;
  readonly sha: string;
  readonly size: number;
  outcome: 'acked' | 'refused' | 'unknown';
  id?: string;
}

/** Every stored file under the disk store's root, as keys (dot-names are its own temporaries). */
function storedKeys(root: string): string[] {
  const keys: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.isFile()) keys.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return keys.sort();
}

type Ledger = { id: string; key: string; status: string; entity: string; recordId: string; size: number };

async function ledgerOf(url: string): Promise<Ledger[]> {
  const db = openDatabase(url);
  try {
    return await db.all<Ledger>(
      db.qb.selectFrom('nf_files').select(['id', 'key', 'status', 'entity', 'recordId', 'size']),
    );
  } finally {
    await db.close();
  }
}

/** Every record of `entity` the token may read, all pages. */
async function allRecords(url: string, token: string, entity: string): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(
      url,
      token,
      'GET',
      `/api/entities/${entity}?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const runs = [
  { name: 'SQLite, one process', processes: 1, postgres: false },
  ...(PG_URL ? [{ name: 'PostgreSQL, two processes', processes: 2, postgres: true }] : []),
];

describe.each(runs)('files through SIGKILL ($name)', { timeout: 240_000 }, ({ processes, postgres }) => {
  it('leaves no record naming missing bytes, keeps every acknowledged write, and sweeps the orphans', async () => {
    const dataDir = scratchDir('files-crash');
    const pg = postgres ? await sharedPostgres() : undefined;
    const dbUrl = pg?.url ?? join(dataDir, 'app.db');
    const env = {
      DATA_DIR: dataDir,
      NINEFOLD_FILE_SWEEP_GRACE_MS: String(GRACE_MS),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const startAll = async (): Promise<Running[]> => {
      const first = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], env);
      const rest = await Promise.all(
        Array.from({ length: processes - 1 }, () =>
          serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], env),
        ),
      );
      return [first, ...rest];
    };
    let servers = await startAll();
    try {
      const url = (i: number) => servers[i % servers.length]!.url;
      expect(servers[0]!.output()).toMatch(/files {5}disk .*files/);
      const agent = await logIn(url(0), 'agent@helpdesk.test', PASSWORD);
      const admin = await logIn(url(0), 'admin@helpdesk.test', PASSWORD);
      const open = await call(url(0), agent, 'GET', '/api/entities/tickets?status=open&limit=1');
      const ticket = open.body.items[0].id as string;
      // Records to attach to: the agent's own comments (an agent attaches only to those), and
      // two tickets of a customer's with files of their own and on a comment, deleted whole later.
      const signup = await call(url(0), null, 'POST', '/api/auth/signup', {
        email: 'crash@example.test',
        name: 'Crash Customer',
        password: PASSWORD,
      });
      expect(signup.status, JSON.stringify(signup.body)).toBe(201);
      const customer = signup.body.token as string;
      const doomed: string[] = [];
      for (let i = 0; i < 2; i++) {
        const t = await call(url(i), customer, 'POST', '/api/entities/tickets', {
          subject: `Doomed ${i}`,
          description: 'Deleted whole, files and comments with it.',
        });
        expect(t.status, JSON.stringify(t.body)).toBe(201);
        doomed.push(t.body.id);
      }
      const comments: string[] = [];
      for (const [i, on] of [...Array(24).fill(ticket), ...doomed].entries()) {
        const c = await call(url(i), agent, 'POST', '/api/entities/comments', {
          ticket: on,
          body: `Crash ${i}`,
        });
        expect(c.status, JSON.stringify(c.body)).toBe(201);
        comments.push(c.body.id);
      }
      const sent: Sent[] = [];
      const send = async (i: number, record: string, size: number, slow: boolean, entity = 'comments') => {
        const bytes = pdfOf(size);
        const path = `/api/entities/${entity}/${record}/files/attachments`;
        const s: Sent = { path, record, sha: sha256(bytes), size, outcome: 'unknown' };
        sent.push(s);
        try {
          const res = await uploadFile(
            url(i),
            agent,
            path,
            bytes,
            `crash-${i}.pdf`,
            slow ? { chunkBytes: 64 * KiB, pauseMs: 40 } : undefined,
          );
          s.outcome = res.status === 201 ? 'acked' : 'refused';
          if (res.status === 201) s.id = res.body.id;
          else expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        } catch {
          // The server died under it: it may or may not have landed.
        }
      };
      // Settled before the crash: two files on each of the first twelve comments.
      await Promise.all(
        [...comments.slice(0, 12), ...comments.slice(24)].flatMap((c, i) => [
          send(i, c, 20 * KiB, false),
          send(i + 1, c, 30 * KiB, false),
        ]),
      );
      await Promise.all(
        doomed.flatMap((t, i) => [
          send(i, t, 25 * KiB, false, 'tickets'),
          send(i, t, 35 * KiB, false, 'tickets'),
        ]),
      );
      expect(sent.every((s) => s.outcome === 'acked')).toBe(true);
      const settled = [...sent];

      // The storm: slow large uploads, quick small ones, file removals, record deletes.
      const removed = new Map<string, 'acked' | 'unknown'>();
      // Records deleted whole (comments, and tickets with their comments), by id.
      const deleted = new Map<string, 'acked' | 'unknown'>();
      const gone = (s: Sent) =>
        deleted.has(s.record) ||
        (comments.indexOf(s.record) >= 24 && deleted.has(doomed[comments.indexOf(s.record) - 24]!));
      let killing = false;
      const storm: Promise<void>[] = [];
      for (let i = 0; i < 4; i++) storm.push(send(i, comments[12 + i]!, 3 * 1_048_576, true));
      for (let i = 0; i < 8; i++) {
        storm.push(
          (async () => {
            for (let n = 0; n < 5 && !killing; n++)
              await send(i + n, comments[16 + i]!, (10 + n * 40) * KiB, false);
          })(),
        );
      }
      // Files removed one by one from comments 0–5; comments 6–9 deleted whole (with their files).
      storm.push(
        (async () => {
          for (const s of settled.filter((x) => comments.indexOf(x.record) < 6)) {
            if (killing) return;
            removed.set(s.id!, 'unknown');
            const res = await call(url(removed.size), agent, 'DELETE', `${s.path}/${s.id}`).catch(() => null);
            if (res) {
              expect(res.status, JSON.stringify(res.body)).toBe(204);
              removed.set(s.id!, 'acked');
            }
          }
        })(),
      );
      const wholes = [
        ...comments.slice(6, 10).map((id) => ['comments', id]),
        ...doomed.map((id) => ['tickets', id]),
      ];
      storm.push(
        (async () => {
          for (const [entity, id] of wholes) {
            if (killing) return;
            deleted.set(id!, 'unknown');
            const res = await call(url(deleted.size), admin, 'DELETE', `/api/entities/${entity}/${id}`).catch(
              () => null,
            );
            if (res) {
              expect(res.status, JSON.stringify(res.body)).toBe(204);
              deleted.set(id!, 'acked');
            }
          }
        })(),
      );
      // Killed once some of each has been acknowledged, with the slow ones still streaming.
      const ackedSince = () => sent.length - settled.length;
      for (const deadline = Date.now() + 60_000; ; ) {
        const done = [...removed.values()].filter((v) => v === 'acked').length;
        if ((done >= 3 && ackedSince() >= 10) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      killing = true;
      for (const s of servers) s.child.kill('SIGKILL');
      await Promise.all(
        servers.map(
          (s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r))),
        ),
      );
      await Promise.all(storm);
      const inFlight = sent.filter((s) => s.outcome === 'unknown').length;
      expect(inFlight, 'uploads in flight at the kill').toBeGreaterThan(0);

      // Started again: the same data directory and database.
      servers = await startAll();
      const recordsNow = [
        ...(await allRecords(url(0), agent, 'comments')),
        ...(await allRecords(url(0), agent, 'tickets')),
      ];
      const byId = new Map(recordsNow.map((c) => [c.id as string, c]));
      const named = recordsNow.flatMap((c) =>
        ((c.attachments ?? []) as Json[]).map((f) => ({ record: c.id, f })),
      );
      // Every file a record names is downloadable, whole.
      for (const { f } of named) {
        const res = await fetch(new URL(f.url, url(0)));
        expect(res.status, `${f.id} of ${f.name}`).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length).toBe(f.size);
        const known = sent.find((s) => s.id === f.id);
        if (known) expect(sha256(bytes)).toBe(known.sha);
      }
      const namedIds = new Set(named.map((n) => n.f.id as string));
      // Every acknowledged upload is there unless it was (perhaps) removed since.
      for (const s of sent.filter((x) => x.outcome === 'acked')) {
        if (removed.has(s.id!) || gone(s)) continue;
        expect(namedIds.has(s.id!), `acknowledged upload ${s.id}`).toBe(true);
      }
      // Every acknowledged removal and delete stayed done.
      for (const [id, how] of removed) if (how === 'acked') expect(namedIds.has(id)).toBe(false);
      for (const [id, how] of deleted) if (how === 'acked') expect(byId.has(id)).toBe(false);

      // The sweep: every stored file has a ready row, every ready row its bytes and its
      // record's mention, and nothing is left half-way once the grace has passed.
      const root = join(dataDir, 'files');
      let last = '';
      for (const deadline = Date.now() + 60_000; ; ) {
        const ledger = await ledgerOf(dbUrl);
        const keys = storedKeys(root);
        const ready = ledger.filter((r) => r.status === 'ready');
        const state = {
          unfinished: ledger.filter((r) => r.status !== 'ready').map((r) => `${r.status} ${r.id}`),
          orphans: keys.filter((k) => !ready.some((r) => r.key === k)),
          missing: ready.filter((r) => !keys.includes(r.key)).map((r) => r.key),
          unnamed: ready.filter((r) => !namedIds.has(r.id)).map((r) => r.id),
          extra: [...namedIds].filter((id) => !ready.some((r) => r.id === id)),
        };
        last = JSON.stringify(state);
        // A record naming a file without its bytes is never acceptable, sweep or not.
        expect(state.missing).toEqual([]);
        if (Object.values(state).every((v) => v.length === 0)) break;
        if (Date.now() > deadline) throw new Error(`not swept within a minute: ${last}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      for (const r of await ledgerOf(dbUrl))
        expect(statSync(join(root, ...r.key.split('/'))).size).toBe(r.size);
    } finally {
      for (const s of servers) if (s.child.exitCode === null) await s.stop();
      await pg?.drop();
    }
  });
});
