/**
 * Answers asked for before the app's code ran (the UI's index.html asks for the meta and the
 * session while the bundle downloads): the transport takes each once, for the first GET of
 * its path, and asks the network for everything else.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '../src/transport';

const answer = (body: string) => new Response(body, { headers: { 'content-type': 'application/json' } });

describe('early answers', () => {
  it('answer the first GET of a started path, and later GETs ask the network', async () => {
    const fetch = vi.fn(async () => answer('"fresh"'));
    const t = createTransport({ fetch, early: { '/api/meta': Promise.resolve(answer('"early"')) } });
    expect(await t.request('GET', '/api/meta')).toBe('early');
    expect(fetch).not.toHaveBeenCalled();
    expect(await t.request('GET', '/api/meta')).toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not taken by other paths or other methods', async () => {
    const fetch = vi.fn(async () => answer('"net"'));
    const t = createTransport({ fetch, early: { '/api/auth/me': Promise.resolve(answer('"early"')) } });
    await t.request('GET', '/api/meta');
    await t.request('POST', '/api/auth/me', { body: {} });
    expect(fetch).toHaveBeenCalledTimes(2);
    // Still there for the GET it was started for.
    expect(await t.request('GET', '/api/auth/me')).toBe('early');
  });

  it('are asked again when the early request failed on the way', async () => {
    const fetch = vi.fn(async () => answer('"retried"'));
    const failed = Promise.reject(new TypeError('network'));
    failed.catch(() => {});
    const t = createTransport({ fetch, early: { '/api/meta': failed } });
    expect(await t.request('GET', '/api/meta')).toBe('retried');
    expect(fetch).toHaveBeenCalledWith('/api/meta', expect.objectContaining({ method: 'GET' }));
  });

  it('read like any answer: a refusal is a NinefoldError with its status', async () => {
    const refused = new Response(
      '{"code":"UNAUTHENTICATED","title":"Sign in.","status":401,"type":"x","detail":"Sign in."}',
      {
        status: 401,
        headers: { 'content-type': 'application/problem+json' },
      },
    );
    const t = createTransport({ fetch: vi.fn(), early: { '/api/auth/me': Promise.resolve(refused) } });
    await expect(t.request('GET', '/api/auth/me')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });
});
