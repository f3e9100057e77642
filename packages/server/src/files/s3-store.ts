/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2…). Writes stream in parts through
 * lib-storage's `Upload` (a failed one is aborted, so nothing is left under the key); reads
 * stream the object's body, a byte range of it when asked.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, FileStore, StoredBody } from './file-store';
import { isStoreKey, storeKey, storePrefix } from './store-key';

/** Where the bucket is and how to reach it. */
export interface S3StoreOptions {
  readonly bucket: string;
  /** For a store other than AWS (`http://127.0.0.1:9000`). */
  readonly endpoint?: string;
  readonly region?: string;
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted stores need. */
  readonly forcePathStyle?: boolean;
  /** A prefix every key is stored under (`helpdesk` stores `helpdesk/<key>`). */
  readonly prefix?: string;
}

/**
 * The store over one bucket. Keys are checked as the disk store checks them, so a key means
 * the same on both.
 * @example const store = s3Store({ bucket: 'helpdesk-files', region: 'eu-west-1' });
 */
export function s3Store(options: S3StoreOptions): FileStore {
  const { bucket } = options;
  const root = rootOf(options.prefix);
  const client = new S3Client(clientConfig(options));
  const objectKey = (key: string): string => `${root}${storeKey(key)}`;

  async function put(key: string, body: Readable): Promise<number> {
    const Key = objectKey(key);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const piping = pipeline(body, counter);
    const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: counter } });
    const uploading = upload.done();
    try {
      await Promise.all([piping, uploading]);
      return bytes;
    } catch (error) {
      // A failed source destroys the counter, which fails the upload; a failed upload must stop
      // the source. Either way, wait until the upload has aborted its parts before answering.
      counter.destroy(error instanceof Error ? error : new Error(String(error)));
      body.destroy();
      await Promise.allSettled([piping, uploading]);
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    const Key = objectKey(key);
    if (range) checkRange(range);
    try {
      const got = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = got.Body instanceof Readable ? got.Body : Readable.from([]);
      const size = range ? totalOf(got.ContentRange, got.ContentLength) : (got.ContentLength ?? 0);
      return { body, size };
    } catch (error) {
      if (isNotFound(error)) return null;
      // A range starting past the end: the same answer as the disk store's, no bytes.
      if (range && statusOf(error) === 416) {
        const head = await headSize(Key);
        return head === null ? null : { body: Readable.from([]), size: head };
      }
      throw error;
    }
  }

  async function headSize(Key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async function has(key: string): Promise<boolean> {
    return (await headSize(objectKey(key))) !== null;
  }

  async function* list(prefix = ''): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const Prefix = `${root}${storePrefix(prefix)}`;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(root.length);
        // An object this store could not have written (another tool's, in a shared bucket) is
        // not listed: no call here could take its key.
        if (!isStoreKey(key)) continue;
        yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function close(): Promise<void> {
    client.destroy();
  }

  return { label: s3Label(options, root), put, get, remove, has, list, close };
}

/** The prefix as stored (`helpdesk/`), checked as a key is. */
function rootOf(prefix: string | undefined): string {
  const trimmed = prefix?.replace(/\/+$/, '') ?? '';
  if (trimmed === '') return '';
  if (!isStoreKey(trimmed)) throw new Error('The S3 prefix must be a safe key prefix (a-z, 0-9, ._-/).');
  return `${trimmed}/`;
}

function clientConfig(options: S3StoreOptions): S3ClientConfig {
  const { endpoint, accessKeyId, secretAccessKey, forcePathStyle } = options;
  return {
    region: options.region ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(forcePathStyle !== undefined ? { forcePathStyle } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // S3-compatible servers (s3rver, older MinIO…) refuse the SDK's newer default checksums and
    // aws-chunked bodies; checksums only where an operation requires them work everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** `s3 <bucket>[/prefix] at <origin>`: never credentials, even ones written into the endpoint. */
function s3Label(options: S3StoreOptions, root: string): string {
  const where = `s3 ${options.bucket}${root ? `/${root.slice(0, -1)}` : ''}`;
  if (!options.endpoint) return options.region ? `${where} (${options.region})` : where;
  try {
    return `${where} at ${new URL(options.endpoint).origin}`;
  } catch {
    return `${where} at a custom endpoint`;
  }
}

function checkRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Bad byte range ${start}-${end}.`);
  }
}

/** The whole size from `Content-Range: bytes 0-9/1234`. */
function totalOf(contentRange: string | undefined, fallback: number | undefined): number {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  return total ? Number(total) : (fallback ?? 0);
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  // A missing bucket is a misconfiguration, never "no such file".
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}
