/**
 * HTTP over a bare TCP socket, for what `inject` cannot send: headers over Node's 16 KB
 * limit, broken framing, bytes no HTTP client would write. Loopback only.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Everything the server wrote, as text. */
  readonly raw: string;
}

/**
 * Writes `bytes` to the server and reads until it closes the connection (send complete
 * requests with `Connection: close`, or broken ones); the first answer is parsed. `status`
 * is 0 when the server closed without answering.
 * @example const a = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
 */
export function rawRequest(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while we still write (headers too large): what it answered counts.
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e);
    });
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
    // Not half-closed after: Node aborts a request still being answered when its client
    // half-closes. So every request sent must be complete, malformed, or ask to close.
    socket.write(bytes);
  });
}

/** The first HTTP answer in `raw`. */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '', raw };
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = raw.slice(end + 4);
  const body = Number.isNaN(length) ? rest : rest.slice(0, length);
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, raw };
}
