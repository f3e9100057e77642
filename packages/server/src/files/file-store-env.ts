/**
 * The file store an operator configured: `S3_BUCKET` (with `S3_ENDPOINT`, `S3_REGION`,
 * `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX`) for an
 * S3-compatible store, else the local disk at `FILES_DIR` or `<dataDir>/files`.
 * FOUNDATION STUB (storage helper).
 */
import type { FileStore } from './file-store';

/** @example const store = fileStoreFromEnv(process.env, '/srv/helpdesk/.data'); */
export function fileStoreFromEnv(
  _env: Readonly<Record<string, string | undefined>>,
  _dataDir: string,
): FileStore {
  throw new Error('not built yet');
}
