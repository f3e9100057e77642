/**
 * Where a served app keeps its files, from the environment: the store `fileStoreFromEnv`
 * makes (S3 when `S3_BUCKET` is set, else the disk under the data directory) and how long the
 * sweep leaves an unfinished upload alone (`NINEFOLD_FILE_SWEEP_GRACE_MS`). A malformed
 * setting stops the start, by name, before anything was opened.
 */
import { type FileStore, fileStoreFromEnv } from '@ninefold/server';
import { CliError } from './command';

/** The variable a crash test (or an operator) shortens the sweep's grace with. */
export const SWEEP_GRACE_ENV = 'NINEFOLD_FILE_SWEEP_GRACE_MS';

/** The file store of a start, and the sweep's grace when the environment sets one. */
export interface FileEnv {
  readonly store: FileStore;
  /** Milliseconds; absent: the server's default. */
  readonly sweepGraceMs?: number;
}

/**
 * @example const { store } = fileEnv(process.env, '/srv/helpdesk/.data'); store.label // 'disk /srv/helpdesk/.data/files'
 */
export function fileEnv(env: Readonly<Record<string, string | undefined>>, dataDir: string): FileEnv {
  const grace = env[SWEEP_GRACE_ENV]?.trim();
  let sweepGraceMs: number | undefined;
  if (grace) {
    sweepGraceMs = Number(grace);
    if (!/^\d+$/.test(grace) || !Number.isSafeInteger(sweepGraceMs))
      throw new CliError(
        `${SWEEP_GRACE_ENV} must be a whole number of milliseconds, not ${JSON.stringify(grace)}`,
      );
  }
  let store: FileStore;
  try {
    store = fileStoreFromEnv(env, dataDir);
  } catch (e) {
    // The store's own words name the variables (S3_BUCKET, S3_ENDPOINT…); never a secret's value.
    throw new CliError(`file storage: ${(e as Error).message}`);
  }
  return sweepGraceMs === undefined ? { store } : { store, sweepGraceMs };
}
