/**
 * The file store an operator configured: `S3_BUCKET` (with `S3_ENDPOINT`, `S3_REGION`,
 * `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX`) for an
 * S3-compatible store, else the local disk at `FILES_DIR` or `<dataDir>/files`.
 */
import { join } from 'node:path';
import type { FileStore } from './file-store';
import { localStore } from './local-store';
import { s3Store } from './s3-store';

/**
 * The configured store. Without `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY` the SDK's own chain
 * (environment, profile, instance role) supplies credentials. A half-given pair or a
 * `S3_FORCE_PATH_STYLE` other than `true`/`false` throws, naming the variables (never values).
 * @example const store = fileStoreFromEnv(process.env, '/srv/helpdesk/.data');
 */
export function fileStoreFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
): FileStore {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const bucket = read('S3_BUCKET');
  if (!bucket) return localStore(read('FILES_DIR') ?? join(dataDir, 'files'));

  const endpoint = read('S3_ENDPOINT');
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credentials.',
    );
  }
  const pathStyle = read('S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error('S3_FORCE_PATH_STYLE must be "true" or "false".');
  }
  const prefix = read('S3_PREFIX');
  return s3Store({
    bucket,
    region: read('S3_REGION') ?? 'us-east-1',
    // Self-hosted stores (MinIO, s3rver…) mostly need path style; AWS itself prefers hosts.
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    ...(prefix ? { prefix } : {}),
  });
}
