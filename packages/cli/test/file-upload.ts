/**
 * Uploads over real HTTP, as a browser sends them, for the CLI's process tests: one multipart
 * part named `file`, optionally streamed slowly (a chunk, a pause) so it is still in flight
 * when the test kills the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';

export type Json = Record<string, any>;

/** How an upload's body is paced: `chunkBytes` at a time, `pauseMs` between them. */
export interface Pace {
  readonly chunkBytes: number;
  readonly pauseMs: number;
}

/**
 * A PDF of `size` bytes (the `%PDF-` head decides its type), its filler unique to this call,
 * so each upload's bytes can be told from every other's by their hash.
 * @example const bytes = pdfOf(4 * 1_048_576);
 */
export function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% ');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = Buffer.from(
    randomBytes(Math.ceil((size - head.length - tail.length) / 2)).toString('hex'),
    'latin1',
  );
  return Buffer.concat([head, filler.subarray(0, size - head.length - tail.length), tail]);
}

/** @example sha256(bytes) // '9f86d0…' */
export function sha256(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * POSTs `bytes` as the part `file` named `name` to `path`; resolves with the answer, rejects
 * when the connection fails (a killed server).
 * @example const res = await uploadFile(url, token, `/api/entities/tickets/${id}/files/attachments`, pdfOf(1000), 'a.pdf');
 */
export function uploadFile(
  url: string,
  token: string,
  path: string,
  bytes: Buffer,
  name: string,
  pace?: Pace,
): Promise<{ status: number; body: Json }> {
  const boundary = `nf-test-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bytes.length + tail.length),
      },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s: string) => (text += s));
      res.once('error', reject);
      res.once('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Json) : {} });
        } catch (e) {
          reject(e);
        }
      });
    });
    void (async () => {
      req.write(head);
      const step = pace?.chunkBytes ?? bytes.length;
      for (let at = 0; at < bytes.length && !req.destroyed; at += step) {
        if (pace && at > 0) await new Promise((r) => setTimeout(r, pace.pauseMs));
        if (!req.write(bytes.subarray(at, at + step))) await new Promise((r) => req.once('drain', r));
      }
      if (!req.destroyed) req.end(tail);
    })().catch(reject);
  });
}
