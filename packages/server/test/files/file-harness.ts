/**
 * An app with files, running for HTTP tests: a fresh database of one dialect, a file store
 * (the disk in a temporary directory, or a real S3-compatible server), a clock the test
 * moves, the server listening on 127.0.0.1 (for real sockets and realtime) and reached
 * in-process too; multipart bodies built by hand, and what the ledger and the store hold.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { App } from '@ninefold/spec';
import { createTestApp, type TestApp, type TestClock, testClock } from '@ninefold/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { DialectName } from '../../src/db/database';
import type { FileStore } from '../../src/files/file-store';
import { localStore } from '../../src/files/local-store';
import { s3Store } from '../../src/files/s3-store';
import type { Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { startS3, type TestS3 } from '../support/s3-server';

export type { TestUser } from '../helpdesk-harness';

export const PASSWORD = 'files-password-1';

/** Where the harness keeps files. */
export type StoreKind = 'disk' | 's3';

/** One part of a multipart body. */
export interface Part {
  readonly name: string;
  /** Makes the part a file. */
  readonly filename?: string;
  readonly type?: string;
  readonly data: Buffer | string;
}

/** A ledger row, as the test reads it. */
export interface LedgerRow {
  readonly id: string;
  readonly entity: string;
  readonly recordId: string;
  readonly field: string;
  readonly key: string;
  readonly name: string;
  readonly status: string;
}

export interface FileHarness {
  readonly t: TestApp<App>;
  readonly nf: Ninefold;
  readonly dialect: DialectName;
  readonly kind: StoreKind;
  readonly store: FileStore;
  /** The disk store's directory (and nothing else is written under its parent). */
  readonly dir: string | undefined;
  readonly clock: TestClock;
  readonly port: number;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a user of a role (as the system) and signs them in. */
  user(role: string, fields?: Record<string, unknown>): Promise<TestUser>;
  /** Signs a user in again: a new session. */
  signIn(user: TestUser): Promise<TestUser>;
  /** A JSON call as `user` (anonymous for null). */
  call(
    user: TestUser | null,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A multipart upload as `user` into `entity/id/field`. */
  upload(
    user: TestUser | null,
    target: string,
    parts: Part | readonly Part[],
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Every ledger row. */
  ledger(): Promise<LedgerRow[]>;
  /** Every key the store holds. */
  keys(): Promise<string[]>;
  /** Runs the sweep with no grace: whatever is not a ready file's goes. */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A multipart/form-data body.
 * @example const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.txt', data: 'hi' }]);
 */
export function multipartBody(parts: readonly Part[], boundary = `nf${Date.now().toString(36)}x`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG of `width` × `height` (made by sharp). */
export function png(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A well-formed PNG header claiming `width` × `height` pixels, followed by a little
 * compressed data: a decompression bomb in waiting.
 */
export function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under `dir`, relative to it (dot-directories included). */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

let users = 0;

/**
 * Starts `app` with files on `kind`.
 * @example const h = await startFiles(helpdesk, 'sqlite', 'disk'); … await h.close();
 */
export async function startFiles(
  app: App,
  dialect: DialectName,
  kind: StoreKind = 'disk',
): Promise<FileHarness> {
  let s3: TestS3 | undefined;
  let dir: string | undefined;
  let store: FileStore;
  if (kind === 's3') {
    s3 = await startS3();
    store = s3Store({ ...s3.options, prefix: 'files/' });
  } else {
    // A directory of its own under a parent the test can check stays otherwise empty.
    dir = join(mkdtempSync(join(tmpdir(), 'nf-files-http-')), 'files');
    store = localStore(dir);
  }
  const clock = testClock();
  const t = await createTestApp(app, {
    database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
    listen: true,
    clock,
    // No grace at start: nothing is uploading yet.
    server: { files: { store, sweepGraceMs: 0 } },
  });
  const port = (t.nf.server.server.address() as AddressInfo).port;
  const request = (o: InjectOptions) => t.inject(o);
  const signIn = async (u: { id: string; email: string; role: string }): Promise<TestUser> => {
    const res = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    const { token } = res.json() as { token: string };
    return { id: u.id, email: u.email, role: u.role, token, headers: { authorization: `Bearer ${token}` } };
  };
  const auth = (user: TestUser | null) => (user ? user.headers : {});
  return {
    t,
    nf: t.nf,
    dialect,
    kind,
    store,
    dir,
    clock,
    port,
    request,
    user: async (role, fields = {}) => {
      users += 1;
      const email = `${role}${users}-${Date.now().toString(36)}@files.test`;
      const made = await t.createUser(role as never, { email, password: PASSWORD, fields: fields as never });
      return signIn({ id: made.id, email, role });
    },
    signIn,
    call: (user, method, url, payload) =>
      request({
        method: method as 'GET',
        url,
        headers: auth(user),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    upload: (user, target, parts, headers = {}) => {
      const body = multipartBody([parts].flat() as Part[]);
      return request({
        method: 'POST',
        url: `/api/entities/${target}`,
        headers: { ...auth(user), ...body.headers, ...headers },
        payload: body.payload,
      });
    },
    ledger: async () =>
      (await t.db.all<Record<string, unknown>>(t.db.qb.selectFrom('nf_files').selectAll().orderBy('id'))).map(
        (r) => ({
          id: String(r.id),
          entity: String(r.entity),
          recordId: String(r.recordId),
          field: String(r.field),
          key: String(r.key),
          name: String(r.name),
          status: String(r.status),
        }),
      ),
    keys: async () => {
      const out: string[] = [];
      for await (const k of store.list()) out.push(k.key);
      return out.sort();
    },
    sweep: async () => {
      await t.core.files.sweep(0);
    },
    close: async () => {
      try {
        await t.close();
      } finally {
        await s3?.close();
        if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
      }
    },
  };
}
