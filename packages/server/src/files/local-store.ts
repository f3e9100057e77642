/**
 * Files on the local disk, under one directory (by default the data directory's `files/`).
 * FOUNDATION STUB (storage helper).
 */
import type { FileStore } from './file-store';

/** @example const store = localStore('/srv/helpdesk/.data/files'); */
export function localStore(_dir: string): FileStore {
  throw new Error('not built yet');
}
