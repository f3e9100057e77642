import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobRow } from '../jobs/job-types';
import { deliverWebhook, signedHeaders } from './deliver-webhook';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const MESSAGE = {
  id: '0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee',
  body: '{"type":"notes.created","data":{"n":1}}',
};

/** The signature recomputed by hand, as the Standard Webhooks spec words it. */
function expected(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('signedHeaders', () => {
  const at = new Date();
  const headers = signedHeaders({ url: 'http://x.test', secret: SECRET }, MESSAGE, at);

  it('signs id.timestamp.body with HMAC-SHA256 of the decoded secret', () => {
    expect(headers['webhook-id']).toBe(MESSAGE.id);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(
      expected(SECRET, MESSAGE.id, headers['webhook-timestamp']!, MESSAGE.body),
    );
    expect(() => new Webhook(SECRET).verify(MESSAGE.body, headers)).not.toThrow();
  });

  it.each([
    { case: 'a tampered body', body: MESSAGE.body.replace('1', '2'), secret: SECRET, id: MESSAGE.id },
    {
      case: 'another secret',
      body: MESSAGE.body,
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      id: MESSAGE.id,
    },
    { case: 'another message id', body: MESSAGE.body, secret: SECRET, id: 'msg_other' },
  ])('does not verify with $case', ({ body, secret, id }) => {
    const h: Record<string, string> = { ...headers, 'webhook-id': id };
    expect(() => new Webhook(secret).verify(body, h)).toThrow();
    expect(expected(secret, id, h['webhook-timestamp']!, body)).not.toBe(h['webhook-signature']);
  });
});

describe('deliverWebhook', () => {
  let server: Server;
  let url: string;
  const seen: { path: string; headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body });
        const path = req.url ?? '';
        if (path === '/ok') return void res.writeHead(204).end();
        if (path === '/moved') return void res.writeHead(302, { location: `${url}/ok` }).end();
        if (path === '/slow') return; // never answers: the worker's signal cuts it short
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`Internal\nerror ${'x'.repeat(5000)}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );

  function ctx(target: string | null, signal = new AbortController().signal): JobContext {
    const job = { id: 'job-1', kind: 'webhook', name: 'noteEvents', payload: MESSAGE, attempts: 0 };
    return {
      job: job as unknown as JobRow,
      webhooks: target === null ? {} : { noteEvents: { url: target, secret: SECRET } },
      signal,
    } as unknown as JobContext;
  }

  it('POSTs the frozen body, signed, and resolves on 2xx', async () => {
    seen.length = 0;
    await deliverWebhook(ctx(`${url}/ok`));
    expect(seen).toHaveLength(1);
    const [got] = seen;
    expect(got!.body).toBe(MESSAGE.body);
    expect(got!.headers['content-type']).toBe('application/json');
    const headers = got!.headers as Record<string, string>;
    expect(() => new Webhook(SECRET).verify(got!.body, headers)).not.toThrow();
  });

  it.each([
    { case: 'a 500 answer', path: '/boom', error: /^HTTP 500: Internal error x+…$/ },
    {
      case: 'a redirect (never followed)',
      path: '/moved',
      error: /^HTTP 302 \(redirects are not followed\)$/,
    },
  ])('fails on $case with one short line', async ({ path, error }) => {
    seen.length = 0;
    const failure = await deliverWebhook(ctx(`${url}${path}`)).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(error);
    expect(message.length).toBeLessThan(230);
    expect(seen.map((s) => s.path)).toEqual([path]);
  });

  it('fails with "connection refused" when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(deliverWebhook(ctx(`http://127.0.0.1:${port}/`))).rejects.toThrow(/^connection refused$/);
  });

  it('gives up when the worker closes', async () => {
    const abort = new AbortController();
    const running = deliverWebhook(ctx(`${url}/slow`, abort.signal));
    setTimeout(() => abort.abort(), 100);
    await expect(running).rejects.toThrow(/^aborted/);
  });

  it('fails, naming the webhook, when its target is no longer configured', async () => {
    await expect(deliverWebhook(ctx(null))).rejects.toThrow(/"noteEvents" has no target/);
  });
});
