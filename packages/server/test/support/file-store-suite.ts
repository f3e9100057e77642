/**
 * One conformance suite for every {@link FileStore}: the disk store and S3 answer the same
 * calls the same way (One contract, one semantics), so the core and the routes never ask which
 * one they have.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../src/files/file-store';

/** What a suite run needs: a fresh, empty store, and how to let it go. */
export type MakeStore = () => Promise<{ store: FileStore; close(): Promise<void> }>;

const MiB = 1024 * 1024;
const BIG = 20 * MiB;

/** Bytes as a stream, in small chunks as an upload arrives. */
export function streamOf(bytes: Buffer | string, chunk = 7): Readable {
  const buffer = Buffer.from(bytes);
  const parts: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += chunk) parts.push(buffer.subarray(i, i + chunk));
  return Readable.from(parts, { objectMode: false });
}

/** A stream that sends `bytes` bytes, then fails as a dropped upload does. */
export function failingStream(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 64 * 1024) {
        yield Buffer.alloc(Math.min(64 * 1024, bytes - sent), 0x61);
      }
      throw new Error('client went away');
    })(),
    { objectMode: false },
  );
}

/** Reads a stream to the end. */
export async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** `size` bytes made as they are read (never held at once), with their hash and peak RSS. */
function generated(size: number): { body: Readable; sha256(): string; peakRss(): number } {
  const hash = createHash('sha256');
  let peak = process.memoryUsage.rss();
  const chunk = 256 * 1024;
  const body = Readable.from(
    (async function* () {
      for (let at = 0; at < size; at += chunk) {
        const part = Buffer.alloc(Math.min(chunk, size - at), (at / chunk) % 251);
        hash.update(part);
        peak = Math.max(peak, process.memoryUsage.rss());
        yield part;
      }
    })(),
    { objectMode: false },
  );
  return { body, sha256: () => hash.digest('hex'), peakRss: () => peak };
}

async function keysOf(store: FileStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key, modifiedAt } of store.list(prefix)) {
    expect(Number.isNaN(modifiedAt.getTime())).toBe(false);
    keys.push(key);
  }
  return keys.sort();
}

/**
 * Runs the conformance suite on the store `make` answers.
 * @example describeFileStore('disk', async () => { const store = localStore(dir); return { store, close: async () => {} }; });
 */
export function describeFileStore(name: string, make: MakeStore): void {
  describe(`file store: ${name}`, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await make());
    });
    afterAll(() => close?.());

    it('puts a stream, answering the bytes written, and gets it back whole', async () => {
      expect(await store.put('basic/one.txt', streamOf('hello, files'))).toBe(12);
      const got = await store.get('basic/one.txt');
      expect(got?.size).toBe(12);
      expect((await bytesOf(got!.body)).toString()).toBe('hello, files');
      expect(await store.has('basic/one.txt')).toBe(true);
    });

    it('stores an empty file', async () => {
      expect(await store.put('basic/empty', streamOf(''))).toBe(0);
      const got = await store.get('basic/empty');
      expect(got?.size).toBe(0);
      expect((await bytesOf(got!.body)).length).toBe(0);
    });

    it('answers null and false for a key never written', async () => {
      expect(await store.get('absent/nothing')).toBeNull();
      expect(await store.get('absent/nothing', { start: 0, end: 3 })).toBeNull();
      expect(await store.has('absent/nothing')).toBe(false);
    });

    it('replaces what a key held', async () => {
      await store.put('basic/replaced', streamOf('first version'));
      await store.put('basic/replaced', streamOf('second'));
      expect((await bytesOf((await store.get('basic/replaced'))!.body)).toString()).toBe('second');
    });

    it('reads a byte range, with the whole size', async () => {
      await store.put('range/abc', streamOf('abcdefghijklmnopqrstuvwxyz'));
      const mid = await store.get('range/abc', { start: 2, end: 5 });
      expect(mid?.size).toBe(26);
      expect((await bytesOf(mid!.body)).toString()).toBe('cdef');
      const tail = await store.get('range/abc', { start: 20, end: 1000 });
      expect(tail?.size).toBe(26);
      expect((await bytesOf(tail!.body)).toString()).toBe('uvwxyz');
      const past = await store.get('range/abc', { start: 26, end: 30 });
      expect(past?.size).toBe(26);
      expect((await bytesOf(past!.body)).length).toBe(0);
      await expect(store.get('range/abc', { start: 5, end: 2 })).rejects.toThrow(RangeError);
    });

    it('removes a key, and a key already gone is no error', async () => {
      await store.put('gone/x', streamOf('bye'));
      await store.remove('gone/x');
      expect(await store.has('gone/x')).toBe(false);
      expect(await store.get('gone/x')).toBeNull();
      await store.remove('gone/x');
      await store.remove('never/was');
      expect(await keysOf(store, 'gone/')).toEqual([]);
    });

    it('lists every key under a prefix, and only those', async () => {
      for (const key of ['list/a/1', 'list/a/2', 'list/ab', 'list/b/deep/3']) {
        await store.put(key, streamOf(key));
      }
      expect(await keysOf(store, 'list/a/')).toEqual(['list/a/1', 'list/a/2']);
      expect(await keysOf(store, 'list/a')).toEqual(['list/a/1', 'list/a/2', 'list/ab']);
      expect(await keysOf(store, 'list/')).toEqual(['list/a/1', 'list/a/2', 'list/ab', 'list/b/deep/3']);
      expect(await keysOf(store, 'list/zzz')).toEqual([]);
      const all = await keysOf(store);
      expect(all).toContain('list/b/deep/3');
      expect(all).toContain('basic/one.txt');
    });

    it('lists more keys than one S3 page holds', async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, streamOf('x'))));
      }
      expect(await keysOf(store, 'many/')).toEqual(keys);
    });

    it('leaves nothing under the key when the stream fails', async () => {
      await expect(store.put('fail/small', failingStream(100 * 1024))).rejects.toThrow('client went away');
      expect(await store.has('fail/small')).toBe(false);
      expect(await keysOf(store, 'fail/')).toEqual([]);
    });

    it('leaves nothing when the stream fails after several parts (a multipart upload on S3)', async () => {
      await expect(store.put('fail/big', failingStream(12 * MiB))).rejects.toThrow('client went away');
      expect(await store.has('fail/big')).toBe(false);
      expect(await keysOf(store, 'fail/')).toEqual([]);
    });

    it('keeps what a key held when a replacing stream fails', async () => {
      await store.put('fail/kept', streamOf('the old bytes'));
      await expect(store.put('fail/kept', failingStream(1000))).rejects.toThrow();
      expect((await bytesOf((await store.get('fail/kept'))!.body)).toString()).toBe('the old bytes');
    });

    it('streams a 20 MB file in and out without holding it', async () => {
      const before = process.memoryUsage.rss();
      const source = generated(BIG);
      expect(await store.put('big/twenty', source.body)).toBe(BIG);
      const got = await store.get('big/twenty');
      expect(got?.size).toBe(BIG);
      const hash = createHash('sha256');
      for await (const chunk of got!.body) hash.update(chunk as Uint8Array);
      expect(hash.digest('hex')).toBe(source.sha256());
      const growth = Math.round((source.peakRss() - before) / MiB);
      // Reported, not asserted: RSS is the whole process's (s3rver runs in it too).
      console.info(`[file store ${name}] 20 MiB put: peak RSS growth ${growth} MiB`);
    });

    it('refuses keys that could name anything outside the store', async () => {
      const bad = [
        '../escape',
        'a/../../escape',
        '/etc/passwd',
        'a//b',
        'a/./b',
        '.tmp/x',
        'a/',
        '',
        'a\\b',
        'a b',
        'ü',
        'a/..',
      ];
      for (const key of bad) {
        await expect(store.put(key, streamOf('x')), key).rejects.toThrow(/Refused store key/);
        await expect(store.get(key), key).rejects.toThrow(/Refused store key/);
        await expect(store.has(key), key).rejects.toThrow(/Refused store key/);
        await expect(store.remove(key), key).rejects.toThrow(/Refused store key/);
      }
      await expect(keysOf(store, '../')).rejects.toThrow(/Refused store prefix/);
      await expect(keysOf(store, '/etc')).rejects.toThrow(/Refused store prefix/);
    });

    it('has a label fit to print', () => {
      expect(store.label).toMatch(/^(disk|s3) /);
    });
  });
}
