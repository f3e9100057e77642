// @vitest-environment jsdom
/**
 * Uploads in a browser-like page (jsdom, put on the server's origin) ride XMLHttpRequest
 * under the transport: the same headers, the same problem → error mapping, aborts and
 * network failures as every other call; a client given a fetch of its own uses that instead.
 * The server is a real one on loopback that answers as the file routes do, or fails on purpose.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isNinefoldError, type NinefoldError } from '../src/client-error';
import { fileCalls } from '../src/client-files';
import { createTransport } from '../src/transport';

let server: Server;
let origin: string;
const seen: { path: string; headers: Record<string, unknown>; bytes: number }[] = [];

const problem = (status: number, code: string, errors: unknown[] = []) =>
  JSON.stringify({ type: `urn:ninefold:problem:${code}`, title: code, status, code, detail: code, errors });

beforeAll(async () => {
  server = createServer((req, res) => {
    const field = req.url?.split('/').at(-1);
    if (field === 'drop') return req.socket.destroy();
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, bytes });
      if (field === 'hang') return;
      if (field === 'bad') {
        res.writeHead(422, { 'content-type': 'application/problem+json' });
        return res.end(
          problem(422, 'VALIDATION_FAILED', [{ path: 'bad', code: 'file_type', message: 'No.' }]),
        );
      }
      if (field === 'proxy') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html>Bad Gateway</html>');
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'f1', name: 'a.png', size: bytes, type: 'image/png', url: '/x' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As a page the app serves; jsdom's reconfigure leaves the origin XMLHttpRequest sends from.
  const { jsdom } = globalThis as unknown as {
    jsdom: { reconfigure(o: { url: string }): void; window: { _origin: string } };
  };
  jsdom.reconfigure({ url: `${origin}/` });
  jsdom.window._origin = origin;
});
afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!isNinefoldError(e)) throw new Error(`expected a NinefoldError, got ${String(e)}`);
  return e as NinefoldError;
};

describe('an upload in a browser', () => {
  // A page's client: no url, its page's own origin.
  const { files } = fileCalls<unknown>(createTransport({ token: 'tok' }));
  const file = () => new File([new Uint8Array(256 * 1024).fill(7)], 'big.png', { type: 'image/png' });
  const up = (field: string, opts = {}) => files.upload('t' as never, '1', field as never, file(), opts);

  it('goes with XMLHttpRequest, the token and the multipart type, and tells its progress', async () => {
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const told: { loaded: number; total: number }[] = [];
    const ref = await files.upload('t' as never, '1', 'f' as never, file(), {
      onProgress: (p) => told.push(p),
    });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(seen[0]?.path).toBe('/api/entities/t/1/files/f');
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Bearer tok',
      'content-type': expect.stringMatching(/^multipart\/form-data; boundary=/),
    });
    expect(ref.size).toBe(seen[0]?.bytes);
    expect(ref.size).toBeGreaterThan(256 * 1024);
    expect(told.length).toBeGreaterThan(0);
    expect(told.at(-1)).toEqual({ loaded: 256 * 1024, total: 256 * 1024 });
    expect(told.every((p, i) => i === 0 || p.loaded >= told[i - 1]!.loaded)).toBe(true);
  });

  it('a refusal is the server’s problem, with its field errors', async () => {
    const e = await failure(up('bad'));
    expect([e.code, e.status, e.fieldErrors]).toEqual([
      'VALIDATION_FAILED',
      422,
      [{ path: 'bad', code: 'file_type', message: 'No.' }],
    ]);
  });

  it('a proxy’s page is the code its status stands for; a cut connection is NETWORK', async () => {
    expect((await failure(up('proxy'))).code).toBe('UNAVAILABLE');
    const cut = await failure(up('drop'));
    expect([cut.code, cut.status]).toEqual(['NETWORK', 0]);
  });

  it('an abort while the server has not answered rejects with the abort', async () => {
    const controller = new AbortController();
    const pending = up('hang', { signal: controller.signal });
    await vi.waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/api/entities/t/1/files/hang']));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a client given a fetch of its own uploads with it, not XMLHttpRequest', async () => {
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const fetched: string[] = [];
    const own: typeof fetch = async (input) => {
      fetched.push(String(input));
      return new Response(JSON.stringify({ id: 'f2' }), { status: 201 });
    };
    const { files: mine } = fileCalls<unknown>(createTransport({ url: origin, fetch: own }), { fetch: own });
    expect((await mine.upload('t' as never, '1', 'f' as never, file())).id).toBe('f2');
    expect(fetched).toEqual([`${origin}/api/entities/t/1/files/f`]);
    expect(opened).not.toHaveBeenCalled();
  });
});
