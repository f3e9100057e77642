/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2…). FOUNDATION STUB (storage helper).
 */
import type { FileStore } from './file-store';

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
  /** A prefix every key is stored under. */
  readonly prefix?: string;
}

/** @example const store = s3Store({ bucket: 'helpdesk-files', region: 'eu-west-1' }); */
export function s3Store(_options: S3StoreOptions): FileStore {
  throw new Error('not built yet');
}
