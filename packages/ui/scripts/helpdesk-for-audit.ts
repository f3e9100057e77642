/**
 * The helpdesk as an audit needs it: the built UI and the API on one port of 127.0.0.1, on a
 * fresh SQLite file seeded with the demo data, and a signed-in cookie for a demo account.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import app from '@ninefold/example-helpdesk';
import { DEMO_PASSWORD, seedHelpdesk } from '@ninefold/example-helpdesk/seed';
// A development dependency only: the UI package does not depend on the server at run time.
import { createNinefold, staticUi } from '@ninefold/server';
import type { FastifyInstance } from 'fastify';

export interface AuditedHelpdesk {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** The `Cookie` header of a session of `email`. */
  cookieFor(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A diagnosis aid, not the product: gzips every answer on the fly, to measure how much of a
 * score is lost to the server sending text uncompressed.
 */
function gzipAnswers(server: FastifyInstance): void {
  server.addHook('onSend', async (req, reply, payload) => {
    if (
      !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ||
      reply.getHeader('content-encoding')
    ) {
      return payload;
    }
    if (payload === null || payload === undefined || reply.statusCode === 204 || reply.statusCode === 304) {
      return payload;
    }
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    reply.header('vary', 'accept-encoding');
    const source = payload instanceof Readable ? payload : Readable.from([payload as string | Buffer]);
    return source.pipe(createGzip());
  });
}

export interface AuditOptions {
  /** Compress answers in this process (diagnosis only; the real server does not). */
  readonly gzip?: boolean;
}

/**
 * @example const hd = await startHelpdeskForAudit(DIST); … await hd.close();
 */
export async function startHelpdeskForAudit(
  dist: string,
  options: AuditOptions = {},
): Promise<AuditedHelpdesk> {
  const dir = mkdtempSync(join(tmpdir(), 'nf-lighthouse-'));
  const nf = await createNinefold(app, { database: join(dir, 'helpdesk.db') });
  if (options.gzip) gzipAnswers(nf.server);
  await staticUi(nf.server, dist);
  await seedHelpdesk(nf.core);
  const base = await nf.server.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    cookieFor: async (email) => {
      const res = await nf.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200)
        throw new Error(`Sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    close: async () => {
      await nf.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
