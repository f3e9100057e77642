/**
 * `GET /api/meta`, compressed. The meta is the one large API answer (~25 kB of JSON for the
 * helpdesk) and every page load waits for it before it can render, so it goes out as brotli
 * or gzip when the client accepts them. It never changes while the server runs: each
 * encoding is made once, on first demand (most servers in tests never serve it), and an ETag
 * lets a browser revalidate without downloading it again. Only this route compresses; the
 * record routes stay as they are.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveRoute } from './serve-route';

export type MetaEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none;
 * a coding refused with `q=0` is never used, and `*` stands for the codings not named.
 * @example pickEncoding('gzip, deflate, br') // 'br'
 * @example pickEncoding('br;q=0, gzip') // 'gzip'
 */
export function pickEncoding(header: string | undefined): MetaEncoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((p) => p.trim());
    if (!coding) continue;
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(coding, Number.isNaN(value) ? 0 : value);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

const ENCODE: Readonly<Record<Exclude<MetaEncoding, 'identity'>, (body: Buffer) => Buffer>> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  // Weak comparison (RFC 9110 §13.1.2): W/ is ignored; `*` matches any current representation.
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Registers `GET /api/meta` answering `json` (already serialized).
 * @example metaRoute(server, JSON.stringify(metaAnswer(app)));
 */
export function metaRoute(server: FastifyInstance, json: string): void {
  const identity = Buffer.from(json);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const bodies = new Map<MetaEncoding, Buffer>([['identity', identity]]);
  const bodyFor = (encoding: MetaEncoding): Buffer => {
    let body = bodies.get(encoding);
    if (!body) {
      body = ENCODE[encoding as Exclude<MetaEncoding, 'identity'>](identity);
      bodies.set(encoding, body);
    }
    return body;
  };

  serveRoute(server, 'getMeta', (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    // One tag per encoding: each is a different representation of the same meta.
    const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    reply
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      // Kept, but asked about each time: a new deploy may change it, and a 304 costs little.
      .header('cache-control', 'no-cache');
    if (notModified(req, etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json').send(bodyFor(encoding));
  });
}
