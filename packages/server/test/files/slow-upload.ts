/**
 * An upload streamed slowly over a real socket (chunked, no Content-Length), which stops
 * sending once the server answers: what was sent by then, and how much this process's
 * resident memory grew meanwhile (the server runs in it).
 */
import { connect } from 'node:net';

export interface SlowUploadResult {
  /** The answer's status (0 when none came). */
  readonly status: number;
  /** The answer's body. */
  readonly body: string;
  /** Bytes of the body handed to the socket when the answer's first byte arrived. */
  readonly sentWhenAnswered: number;
  /** Bytes of the body handed to the socket in all. */
  readonly sent: number;
  /** The most resident memory grew over the attempt, in bytes. */
  readonly rssGrowth: number;
}

export interface SlowUploadOptions {
  readonly port: number;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** The file's bytes the client is ready to send, at most. */
  readonly total: number;
  /** Bytes a write (default 64 KiB). */
  readonly chunk?: number;
  /** The file's first bytes (a real header, so only the size can refuse it). */
  readonly head?: Buffer;
  /** Declares a Content-Length of this many bytes instead of sending chunked. */
  readonly contentLength?: number;
}

/** Whether `answer` holds a whole response (its headers and Content-Length bytes of body). */
function answerComplete(answer: Buffer): boolean {
  const end = answer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.subarray(0, end).toString('latin1'));
  return answer.length - end - 4 >= Number(length?.[1] ?? 0);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * @example const r = await slowUpload({ port, path, headers, total: 200 * 2 ** 20 });
 */
export async function slowUpload(o: SlowUploadOptions): Promise<SlowUploadResult> {
  const boundary = 'nfslowboundary';
  const socket = connect(o.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunked = o.contentLength === undefined;
  const head = [
    `POST ${o.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${o.contentLength}`,
    ...Object.entries(o.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  let answer = Buffer.alloc(0);
  let sent = 0;
  let sentWhenAnswered = -1;
  let closed = false;
  socket.on('data', (d: Buffer) => {
    if (sentWhenAnswered < 0) sentWhenAnswered = sent;
    answer = Buffer.concat([answer, d]);
  });
  socket.on('error', () => {
    closed = true;
  });
  socket.on('close', () => {
    closed = true;
  });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const write = async (data: Buffer) => {
    const framed = chunked
      ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
      : data;
    if (!socket.write(framed))
      await new Promise<void>((r) => {
        const done = () => r();
        socket.once('drain', done);
        socket.once('close', done);
      });
  };
  socket.write(head);
  await write(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
  );
  const block = Buffer.alloc(o.chunk ?? 64 * 1024, 7);
  if (o.head && !closed) {
    await write(o.head);
    sent += o.head.length;
  }
  let i = 0;
  while (sent < o.total && sentWhenAnswered < 0 && !closed) {
    await write(block);
    sent += block.length;
    i += 1;
    peak = Math.max(peak, process.memoryUsage().rss);
    // Slowly: a pause every few writes lets the server read as it goes.
    if (i % 4 === 0) await pause(1);
  }
  if (sentWhenAnswered < 0 && !closed) {
    // Sent it all (it should not come to this): end the body and wait for whatever comes.
    await write(Buffer.from(`\r\n--${boundary}--\r\n`));
    if (chunked) socket.write('0\r\n\r\n');
  }
  // Then the answer, whole: the client hangs up once it has it (or the server does).
  await new Promise<void>((resolve) => {
    const check = () => {
      if (closed || answerComplete(answer)) {
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
    }, 10_000).unref();
  });
  peak = Math.max(peak, process.memoryUsage().rss);
  const text = answer.toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body, sentWhenAnswered: Math.max(0, sentWhenAnswered), sent, rssGrowth: peak - baseline };
}
