/**
 * Where a file's bytes live: the local disk under the data directory by default, or an
 * S3-compatible store by configuration. The core and the routes know only this interface;
 * keys are made by the server (never from a client's name).
 */
import type { Readable } from 'node:stream';

/** An object read back: its bytes as a stream, and how many there are in all. */
export interface StoredBody {
  readonly body: Readable;
  /** The object's whole size in bytes (not the range's). */
  readonly size: number;
}

/** An inclusive byte range, as HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * A store of files by key.
 * @example
 * const size = await store.put('0193…', stream);
 * const got = await store.get('0193…');
 * got?.body.pipe(reply.raw);
 */
export interface FileStore {
  /** Where it keeps files, fit to print (`disk /srv/app/.data/files`, `s3 bucket`). */
  readonly label: string;
  /**
   * Writes `body` under `key` and answers the bytes written once they are durable (a disk
   * store has fsynced them). A stream that fails leaves nothing under `key`.
   */
  put(key: string, body: Readable): Promise<number>;
  /** The bytes under `key` (a range of them), or null when there are none. */
  get(key: string, range?: ByteRange): Promise<StoredBody | null>;
  /** Removes `key`; a key already gone is no error. */
  remove(key: string): Promise<void>;
  /** Whether anything is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** Every key under `prefix`, with when it was last written (the sweep of orphans). */
  list(prefix?: string): AsyncIterable<{ readonly key: string; readonly modifiedAt: Date }>;
  /** The file's path on this machine, for a store on the local disk (serving reads it directly). */
  pathOf?(key: string): string;
  close?(): Promise<void>;
}
