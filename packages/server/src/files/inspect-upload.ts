/**
 * An upload's bytes on their way to the store: counted, refused the moment they pass the
 * field's limit (not after the rest has been read), and their head kept for deciding the
 * type and reading an image's header. Nothing else is held: memory stays flat.
 */
import { type Readable, Transform } from 'node:stream';
import { AppError } from '../core/app-error';

/** An upload under inspection. */
export interface InspectedUpload {
  /** The bytes, passed through; errors with AppError('PAYLOAD_TOO_LARGE', { max }) past `maxBytes`. */
  readonly body: Readable;
  /** The first bytes (up to `HEAD_BYTES`), once they have arrived or the body ended. */
  readonly head: Promise<Buffer>;
  /** Bytes seen so far. */
  bytes(): number;
}

/** How many leading bytes are kept for sniffing the type and reading an image's header. */
export const HEAD_BYTES = 256 * 1024;

/**
 * @example const seen = inspectUpload(part.file, pending.maxBytes); await store.put(key, seen.body);
 */
export function inspectUpload(body: Readable, maxBytes: number): InspectedUpload {
  let seen = 0;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let settle!: (head: Buffer) => void;
  const head = new Promise<Buffer>((resolve) => {
    settle = resolve;
  });
  const keep = (chunk: Buffer) => {
    if (keptBytes >= HEAD_BYTES) return;
    const part = chunk.subarray(0, HEAD_BYTES - keptBytes);
    kept.push(Buffer.from(part));
    keptBytes += part.length;
    if (keptBytes >= HEAD_BYTES) settle(Buffer.concat(kept));
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new AppError('PAYLOAD_TOO_LARGE', { max: maxBytes }));
      keep(chunk);
      done(null, chunk);
    },
    flush(done) {
      settle(Buffer.concat(kept));
      done();
    },
  });
  // A body that fails (a client gone, a part cut short) fails the upload, never hangs it.
  body.on('error', (e) => counter.destroy(e));
  counter.on('error', () => settle(Buffer.concat(kept)));
  body.pipe(counter);
  return { body: counter, head, bytes: () => seen };
}
