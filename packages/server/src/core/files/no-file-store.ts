/**
 * The store of a core given none (a tool, a seed): it holds nothing, and refuses to take
 * anything, so an upload fails plainly instead of going nowhere.
 */
import { Readable } from 'node:stream';
import type { FileStore } from '../../files/file-store';

/**
 * @example createCore(app, db) // core.files.store === noFileStore
 */
export const noFileStore: FileStore = {
  label: 'none',
  async put(_key: string, body: Readable) {
    body.resume();
    throw new Error('No file store is configured: pass the files option.');
  },
  get: async () => null,
  remove: async () => {},
  has: async () => false,
  list: () => Readable.from([]),
};
