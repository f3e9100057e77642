/**
 * Review of the files lifecycle (issue 18): a small app with what the helpdesk and the vaults
 * do not show together — a folder whose files a rule can lock (a write that drops a file and
 * then fails), notes cascading with their folder, a state a trigger moves when pages change,
 * a notification and a webhook on `op: 'update'`, and quotas per owner and per role — and
 * a harness with a store the test can hold back or make fail, plus the invariants checked
 * after every path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  type App,
  and,
  caller,
  callerIs,
  changed,
  defineApp,
  entity,
  eq,
  type FileRef,
  f,
  isFileField,
  or,
} from '@ninefold/spec';
import { createTestApp, type TestApp, type TestClock, testClock } from '@ninefold/testing';
import type { Core } from '../../src/core/ninefold-core';
import type { Caller } from '../../src/core/rules/rule-context';
import type { DialectName } from '../../src/db/database';
import type { FileStore } from '../../src/files/file-store';
import { localStore } from '../../src/files/local-store';

const folders = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    owner: f.ref('users', { label: 'Owner' }),
    locked: f.boolean({ default: false }),
    scan: f.file({ optional: true, maxBytes: 100_000, variants: { thumb: { width: 8, height: 8 } } }),
    pages: f.files({ max: 3, maxBytes: 100_000 }),
  },
  states: {
    field: 'status',
    initial: 'fresh',
    states: { fresh: {}, touched: {}, archived: {} },
    transitions: {
      touch: { from: 'fresh', to: 'touched', who: { boss: true } },
      archive: { from: ['fresh', 'touched'], to: 'archived', who: { member: callerIs('owner'), boss: true } },
    },
  },
  access: {
    read: { member: callerIs('owner'), intern: callerIs('owner'), auditor: true },
    update: {
      member: { where: callerIs('owner'), fields: ['title', 'scan', 'pages', 'locked'] },
      intern: { where: callerIs('owner'), fields: ['scan', 'pages'] },
    },
    delete: { member: callerIs('owner') },
  },
  validate: [
    {
      name: 'lockedFiles',
      on: ['update'],
      when: or(changed('scan'), changed('pages')),
      check: eq('locked', false),
      error: 'FOLDER_LOCKED',
    },
    { name: 'lockedDelete', on: ['delete'], check: eq('locked', false), error: 'FOLDER_LOCKED' },
  ],
});

const notes = entity({
  title: 'body',
  fields: {
    folder: f.ref('folders', { onDelete: 'cascade', immutable: true }),
    author: f.ref('users', { default: caller('id'), readOnly: true }),
    body: f.text({ min: 1, max: 80 }),
    attachments: f.files({ max: 3, maxBytes: 100_000 }),
  },
  access: {
    read: { member: callerIs('author'), boss: true },
    create: { member: { fields: ['folder', 'body'] } },
    update: { member: { where: callerIs('author'), fields: ['attachments'] } },
  },
});

export const lifecycleApp = defineApp({
  about: { name: 'Lifecycle', summary: 'Folders with files.', audience: 'The files review.' },
  roles: { member: {}, intern: {}, auditor: { service: true }, boss: { admin: true } },
  entities: { folders, notes },
  errors: { FOLDER_LOCKED: { status: 409, message: 'This folder is locked.' } },
  triggers: {
    pagesTouch: {
      on: { entity: 'folders', op: 'update', when: and(changed('pages'), eq('status', 'fresh')) },
      transition: { name: 'touch' },
    },
  },
  notifications: {
    folderChanged: {
      on: { entity: 'folders', op: 'update' },
      to: ['owner'],
      title: 'Folder changed: {title}',
      channels: { email: false },
    },
  },
  webhooks: { folderEvents: { on: [{ entity: 'folders', op: 'update' }], role: 'auditor' } },
  limits: {
    storage: {
      memberBytes: { roles: ['member'], bytes: 1000 },
      internPool: { roles: ['intern'], per: 'role', bytes: 1000 },
    },
  },
});

/** A store wrapper the test can hold back or make fail, per method and key. */
export interface Held {
  /** Holds the next call of `method` on a key matching `match` until released; resolves once held. */
  hold(
    method: 'put' | 'get' | 'remove',
    match: (key: string) => boolean,
  ): { reached: Promise<void>; release(): void };
  /** Makes the next `n` removes fail. */
  failRemoves(n: number): void;
  /** Makes every remove of a key matching `match` fail (until set again). */
  failRemovesOf(match: ((key: string) => boolean) | undefined): void;
}

export function heldStore(base: FileStore): FileStore & Held {
  type Hold = { method: string; match: (k: string) => boolean; reached: () => void; gate: Promise<void> };
  const holds: Hold[] = [];
  let failing = 0;
  let failingOf: ((key: string) => boolean) | undefined;
  const wait = async (method: string, key: string) => {
    const i = holds.findIndex((h) => h.method === method && h.match(key));
    if (i < 0) return;
    const [h] = holds.splice(i, 1);
    h!.reached();
    await h!.gate;
  };
  return {
    label: base.label,
    ...(base.pathOf ? { pathOf: (k: string) => base.pathOf!(k) } : {}),
    async put(key, body) {
      await wait('put', key);
      return base.put(key, body);
    },
    async get(key, range) {
      await wait('get', key);
      return base.get(key, range);
    },
    async remove(key) {
      await wait('remove', key);
      if (failing > 0) {
        failing -= 1;
        throw new Error('the store is down');
      }
      if (failingOf?.(key)) throw new Error(`the store refuses to remove ${key}`);
      return base.remove(key);
    },
    has: (key) => base.has(key),
    list: (prefix) => base.list(prefix),
    ...(base.close ? { close: () => base.close!() } : {}),
    hold(method, match) {
      let reached!: () => void;
      let release!: () => void;
      const r = new Promise<void>((res) => {
        reached = res;
      });
      const gate = new Promise<void>((res) => {
        release = res;
      });
      holds.push({ method, match, reached, gate });
      return { reached: r, release };
    },
    failRemoves(n) {
      failing = n;
    },
    failRemovesOf(match) {
      failingOf = match;
    },
  };
}

export const PNG_HEAD: Buffer = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(24, 7)]);

export interface Lifecycle {
  readonly t: TestApp<App>;
  readonly core: Core;
  readonly store: FileStore & Held;
  readonly clock: TestClock;
  caller(role: string): Promise<Caller>;
  /** begin, bytes put, finish (as the route). */
  upload(
    who: Caller,
    entity: string,
    id: string,
    field: string,
    bytes?: Buffer,
    type?: string,
  ): Promise<FileRef>;
  /** Every ledger row. */
  ledger(): Promise<
    { id: string; key: string; status: string; recordId: string; field: string; size: number }[]
  >;
  keys(): Promise<string[]>;
  /** What breaks the invariants now: records naming missing bytes, ready rows nobody names, bytes without a row. */
  violations(options?: { bytesWithoutRow?: boolean }): Promise<string[]>;
  close(): Promise<void>;
}

export async function startLifecycle(
  dialect: DialectName,
  app: App = lifecycleApp,
  store?: FileStore,
  extra: Record<string, unknown> = {},
): Promise<Lifecycle> {
  const dir = mkdtempSync(join(tmpdir(), 'nf-review-files-'));
  const held = heldStore(store ?? localStore(join(dir, 'files')));
  const clock = testClock();
  const t = await createTestApp(app, {
    database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
    listen: false,
    clock,
    server: { files: { store: held, sweepGraceMs: 0 }, jobs: { manual: true }, ...extra },
  });
  const core = t.core;
  const ledger = async () =>
    (await t.db.all<Record<string, unknown>>(t.db.qb.selectFrom('nf_files').selectAll().orderBy('id'))).map(
      (r) => ({
        id: String(r.id),
        key: String(r.key),
        status: String(r.status),
        recordId: String(r.recordId),
        field: String(r.field),
        size: Number(r.size),
      }),
    );
  const keys = async () => {
    const out: string[] = [];
    for await (const k of held.list()) out.push(k.key);
    return out.sort();
  };
  return {
    t: t as TestApp<App>,
    core,
    store: held,
    clock,
    caller: async (role) => {
      const u = await t.createUser(role as never, {});
      return { id: u.id, role, email: u.email };
    },
    upload: async (who, entity, id, field, bytes = PNG_HEAD, type = 'image/png') => {
      const pending = await core.files.begin(who, entity, id, field, 'scan.png');
      const size = await held.put(pending.key, Readable.from([bytes]));
      return core.files.finish(who, pending, { size, type });
    },
    ledger,
    keys,
    violations: async ({ bytesWithoutRow = true } = {}) => {
      const out: string[] = [];
      const rows = await ledger();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const named = new Set<string>();
      for (const [name, node] of Object.entries(app.entities)) {
        const fields = Object.entries(node.fields)
          .filter(([, fl]) => isFileField(fl))
          .map(([n]) => n);
        if (fields.length === 0) continue;
        const records = await t.db.all<Record<string, unknown>>(t.db.qb.selectFrom(name).selectAll());
        for (const rec of records) {
          for (const fl of fields) {
            let v = rec[fl];
            if (typeof v === 'string') v = JSON.parse(v);
            const files = (Array.isArray(v) ? v : v ? [v] : []) as { id: string }[];
            for (const file of files) {
              named.add(file.id);
              const row = byId.get(file.id);
              if (row?.status !== 'ready')
                out.push(`${name}/${rec.id}.${fl} names ${file.id}, whose row is ${row?.status ?? 'gone'}`);
              else if (!(await held.has(row.key)))
                out.push(`${name}/${rec.id}.${fl} names ${file.id}, whose bytes are missing`);
            }
          }
        }
      }
      for (const r of rows)
        if (r.status === 'ready' && !named.has(r.id)) out.push(`ready row ${r.id} that no record names`);
      if (bytesWithoutRow) {
        const rowKeys = new Set(rows.map((r) => r.key));
        for (const k of await keys()) {
          const owner = k.startsWith('variants/') ? k.split('/')[1]! : k;
          if (!rowKeys.has(owner)) out.push(`bytes ${k} without a row`);
        }
      }
      return out;
    },
    close: async () => {
      try {
        await t.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The code an operation fails with (or 'ok'). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}
