/**
 * The file core's tests, without HTTP: an app on a fresh database of one dialect, files on
 * the real disk store in a temporary directory, a clock the test moves, callers made from
 * real accounts, bytes put as a route would put them, and the queue's jobs run on demand.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { App, FileRef } from '@ninefold/spec';
import { createTestApp, type TestApp, type TestClock, testClock } from '@ninefold/testing';
import type { PendingUpload } from '../../src/core/files/file-types';
import type { Core } from '../../src/core/ninefold-core';
import type { Caller } from '../../src/core/rules/rule-context';
import type { DialectName } from '../../src/db/database';
import type { FileStore } from '../../src/files/file-store';
import { localStore } from '../../src/files/local-store';
import { JOB_HANDLERS } from '../../src/jobs/job-handlers';
import { JobWorker } from '../../src/jobs/job-worker';

export interface CoreFiles {
  readonly t: TestApp<App>;
  readonly core: Core;
  readonly store: FileStore;
  readonly clock: TestClock;
  /** A new account of `role`, as the caller its session would be. */
  caller(role: string, fields?: Record<string, unknown>): Promise<Caller>;
  /** begin, the bytes put, finish: as the upload route does it. */
  upload(
    caller: Caller | null,
    entity: string,
    id: string,
    field: string,
    bytes?: Buffer,
    type?: string,
  ): Promise<FileRef>;
  /** begin and the bytes put, not finished. */
  started(
    caller: Caller | null,
    entity: string,
    id: string,
    field: string,
    bytes?: Buffer,
  ): Promise<PendingUpload>;
  /** The ledger's statuses by file id. */
  ledger(): Promise<Map<string, string>>;
  /** Every key in the store. */
  keys(): Promise<string[]>;
  /** Runs every due job (the removals a write queued). */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

export const PNG: Buffer = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(24, 7)]);

/** The token of a url. */
export function tokenOf(url: string): string {
  return new URL(url, 'http://x').searchParams.get('token')!;
}

export async function startCoreFiles(app: App, dialect: DialectName): Promise<CoreFiles> {
  const dir = mkdtempSync(join(tmpdir(), 'nf-files-core-'));
  const store = localStore(join(dir, 'files'));
  const clock = testClock();
  const t = await createTestApp(app, {
    database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
    listen: false,
    clock,
    server: { files: { store, sweepGraceMs: 0 }, jobs: { manual: true } },
  });
  const core = t.core;
  const worker = new JobWorker(
    { app, db: t.db, core, handlers: JOB_HANDLERS, webhooks: {} },
    { manual: true },
  );
  const started = async (caller: Caller | null, entity: string, id: string, field: string, bytes = PNG) => {
    const pending = await core.files.begin(caller, entity, id, field, 'scan.png');
    await store.put(pending.key, Readable.from([bytes]));
    return pending;
  };
  return {
    t: t as TestApp<App>,
    core,
    store,
    clock,
    caller: async (role, fields = {}) => {
      const email = `${role}-${randomUUID().slice(0, 8)}@core.test`;
      const u = await t.createUser(role as never, { email, fields: fields as never });
      return { id: u.id, role, email };
    },
    started,
    upload: async (caller, entity, id, field, bytes = PNG, type = 'image/png') => {
      const pending = await started(caller, entity, id, field, bytes);
      return core.files.finish(caller, pending, { size: bytes.length, type });
    },
    ledger: async () => {
      const rows = await t.db.all<{ id: string; status: string }>(
        t.db.qb.selectFrom('nf_files').select(['id', 'status']),
      );
      return new Map(rows.map((r) => [r.id, r.status]));
    },
    keys: async () => {
      const out: string[] = [];
      for await (const k of store.list()) out.push(k.key);
      return out.sort();
    },
    runJobs: () => worker.runDue(),
    close: async () => {
      try {
        await worker.close();
        await t.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The code an operation fails with (or 'ok'). */
export async function codeOf(p: Promise<unknown> | (() => Promise<unknown>)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}
