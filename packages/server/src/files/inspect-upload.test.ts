/**
 * The head is there while the bytes still flow (the type is judged before the upload ends),
 * is never more than HEAD_BYTES, and a refusal names the limit.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../core/app-error';
import { HEAD_BYTES, inspectUpload } from './inspect-upload';

describe('inspectUpload', () => {
  it('resolves the head once HEAD_BYTES arrived, while the body is still open, and keeps no more', async () => {
    const source = new Readable({ read() {} });
    const seen = inspectUpload(source, 10 * HEAD_BYTES);
    seen.body.resume();
    source.push(Buffer.alloc(HEAD_BYTES - 1, 1));
    source.push(Buffer.alloc(HEAD_BYTES, 2));
    const head = await seen.head;
    expect(head.length).toBe(HEAD_BYTES);
    expect([head[0], head[HEAD_BYTES - 2], head[HEAD_BYTES - 1]]).toEqual([1, 1, 2]);
    expect(seen.bytes()).toBe(2 * HEAD_BYTES - 1);
    expect(source.readableEnded).toBe(false);
    source.destroy();
  });

  it('resolves a short body’s head when it ends', async () => {
    const seen = inspectUpload(Readable.from([Buffer.from('%PDF-1.7')]), 100);
    seen.body.resume();
    expect((await seen.head).toString()).toBe('%PDF-1.7');
  });

  it('takes exactly maxBytes, and refuses one byte more naming the limit', async () => {
    const exact = inspectUpload(Readable.from([Buffer.alloc(512), Buffer.alloc(512)]), 1024);
    for await (const _ of exact.body);
    expect(exact.bytes()).toBe(1024);

    const over = inspectUpload(Readable.from([Buffer.alloc(512), Buffer.alloc(513)]), 1024);
    const error = await (async () => {
      for await (const _ of over.body);
    })().catch((e: unknown) => e);
    expect(isAppError(error) && [error.code, error.params]).toEqual(['PAYLOAD_TOO_LARGE', { max: 1024 }]);
    // The head still settles (with what arrived), so nothing waiting on it hangs.
    expect((await over.head).length).toBe(512);
  });

  it('fails (never hangs) when the source breaks', async () => {
    const source = new Readable({ read() {} });
    const seen = inspectUpload(source, 1024);
    source.push(Buffer.from('abc'));
    source.destroy(new Error('client went away'));
    await expect(
      (async () => {
        for await (const _ of seen.body);
      })(),
    ).rejects.toThrow('client went away');
    expect((await seen.head).toString()).toBe('abc');
  });
});
