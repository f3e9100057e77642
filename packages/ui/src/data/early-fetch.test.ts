import { describe, expect, it, vi } from 'vitest';
import { earlyFetch } from './early-fetch';

const answer = (body: string) => new Response(body, { headers: { 'content-type': 'application/json' } });

describe('earlyFetch', () => {
  it('answers the first GET of a started path with its answer, and later asks from the network', async () => {
    const next = vi.fn(async () => answer('"fresh"'));
    const f = earlyFetch({ '/api/meta': Promise.resolve(answer('"early"')) }, next);
    expect(await (await f('/api/meta', { method: 'GET' })).json()).toBe('early');
    expect(next).not.toHaveBeenCalled();
    expect(await (await f('/api/meta', { method: 'GET' })).json()).toBe('fresh');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('passes on other paths, other methods and requests that are not plain paths', async () => {
    const next = vi.fn(async () => answer('"net"'));
    const early = Promise.resolve(answer('"early"'));
    const f = earlyFetch({ '/api/auth/me': early }, next);
    await f('/api/meta');
    await f('/api/auth/me', { method: 'POST' });
    await f(new URL('http://localhost/api/auth/me'));
    expect(next).toHaveBeenCalledTimes(3);
    // Still there for the GET it was started for.
    expect(await (await f('/api/auth/me')).json()).toBe('early');
  });

  it('asks again when the early request failed on the way', async () => {
    const next = vi.fn(async () => answer('"retried"'));
    const failed = Promise.reject(new TypeError('network'));
    failed.catch(() => {});
    const f = earlyFetch({ '/api/meta': failed }, next);
    expect(await (await f('/api/meta')).json()).toBe('retried');
  });

  it('is a plain fetch when index.html started nothing', async () => {
    const next = vi.fn(async () => answer('1'));
    await earlyFetch(undefined, next)('/api/meta');
    expect(next).toHaveBeenCalledWith('/api/meta', undefined);
  });
});
