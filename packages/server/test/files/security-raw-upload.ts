/**
 * A multipart upload written by hand over a real socket, chunked (no Content-Length), in
 * steps the test controls: bytes, or a pause for the test to act between them.
 */
import { connect } from 'node:net';

export type Step = Buffer | string | (() => Promise<void>);

export interface RawAnswer {
  readonly status: number;
  readonly body: string;
}

function complete(answer: Buffer): boolean {
  const end = answer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.subarray(0, end).toString('latin1'));
  return answer.length - end - 4 >= Number(length?.[1] ?? 0);
}

/**
 * Sends `steps` as the chunked body of a POST to `path`, then its end; answers what came back
 * (status 0 when nothing did).
 */
export async function rawUpload(
  port: number,
  path: string,
  headers: Record<string, string>,
  boundary: string,
  steps: readonly Step[],
): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = Buffer.alloc(0);
  let closed = false;
  socket.on('data', (d: Buffer) => {
    answer = Buffer.concat([answer, d]);
  });
  socket.on('error', () => {
    closed = true;
  });
  socket.on('close', () => {
    closed = true;
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Transfer-Encoding: chunked',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n'),
  );
  const write = async (data: Buffer) => {
    if (closed || data.length === 0) return;
    const framed = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    if (!socket.write(framed))
      await new Promise<void>((r) => {
        socket.once('drain', () => r());
        socket.once('close', () => r());
      });
  };
  for (const step of steps) {
    if (typeof step === 'function') await step();
    else await write(Buffer.isBuffer(step) ? step : Buffer.from(step));
  }
  if (!closed) socket.write('0\r\n\r\n');
  await new Promise<void>((resolve) => {
    const check = () => {
      if (closed || complete(answer)) {
        socket.destroy();
        resolve();
      }
    };
    check();
    socket.on('data', check);
    socket.once('close', check);
    setTimeout(() => {
      closed = true;
      check();
    }, 15_000).unref();
  });
  const text = answer.toString('latin1');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
    body: text.slice(text.indexOf('\r\n\r\n') + 4),
  };
}

/** The head of the one file part. */
export function filePartHead(boundary: string, filename = 'a.png', type = 'image/png'): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}

/** The end of the file part and of the body. */
export function closing(boundary: string): string {
  return `\r\n--${boundary}--\r\n`;
}
