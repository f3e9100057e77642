/**
 * An upload's bytes on their way to the store: counted, refused the moment they pass the
 * field's limit, and their head kept for deciding the type. FOUNDATION STUB (content helper).
 */
import type { Readable } from 'node:stream';

/** An upload under inspection. */
export interface InspectedUpload {
  /** The bytes, passed through; errors with AppError('PAYLOAD_TOO_LARGE') past `maxBytes`. */
  readonly body: Readable;
  /** The first bytes (up to `HEAD_BYTES`), once they have arrived or the body ended. */
  readonly head: Promise<Buffer>;
  /** Bytes seen so far. */
  bytes(): number;
}

/** How many leading bytes are kept for sniffing the type and reading an image's header. */
export const HEAD_BYTES = 256 * 1024;

/** @example const seen = inspectUpload(part.file, pending.maxBytes); await store.put(key, seen.body); */
export function inspectUpload(_body: Readable, _maxBytes: number): InspectedUpload {
  throw new Error('not built yet');
}
