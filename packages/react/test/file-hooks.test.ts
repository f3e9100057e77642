// @vitest-environment jsdom
/**
 * The file hooks in a browser-like page (jsdom) against a real server: the client uploads
 * with XMLHttpRequest there (the page is put on the server's origin, as the UI is), the bar
 * follows `progress`, and the record on screen shows the file once the upload is done.
 */
import { createClient, isNinefoldError, type NinefoldClient } from '@ninefold/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileHooks } from '../src/index';
import { type Helpdesk, hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

const { useUploadFile, useRemoveFile } = fileHooks<Helpdesk>(hooks.useClient);

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('useUploadFile and useRemoveFile', () => {
  let r: ReactHarness;
  let customer: TestUser;
  let page: NinefoldClient<Helpdesk>;
  let wrapper: (props: { children: ReactNode }) => ReactNode;

  // Vitest's jsdom puts jsdom's typed arrays on the global; the server in this process sniffs
  // uploads with file-type, which takes only Node's, so Node's are put back meanwhile.
  const jsdomTyped = { Uint8Array: globalThis.Uint8Array, ArrayBuffer: globalThis.ArrayBuffer };
  beforeAll(async () => {
    const nodeBytes = Buffer.alloc(1);
    globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
    globalThis.ArrayBuffer = nodeBytes.buffer.constructor as ArrayBufferConstructor;
    r = await startReactHarness('sqlite');
    customer = await r.user('customer');
    // The page is served by the app: same origin, so XMLHttpRequest sends as the UI's would.
    // jsdom's reconfigure moves the document but not the origin its XMLHttpRequest sends
    // from (`window._origin`), so both are set.
    const { jsdom } = globalThis as unknown as {
      jsdom: { reconfigure(o: { url: string }): void; window: { _origin: string } };
    };
    jsdom.reconfigure({ url: `${r.t.url}/` });
    jsdom.window._origin = r.t.url;
    // A page's own client: no fetch of its own, so uploads ride XMLHttpRequest.
    page = createClient<Helpdesk>({ url: r.t.url, token: customer.token });
    wrapper = ({ children }) => createElement(hooks.NinefoldProvider, { client: page }, children);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await r.close();
    Object.assign(globalThis, jsdomTyped);
  });

  const render = (id: string) =>
    renderHook(
      () => ({
        record: { ...hooks.useRecord('tickets', id, { live: false }) },
        upload: useUploadFile(),
        remove: useRemoveFile(),
      }),
      { wrapper },
    );

  it('uploads with XMLHttpRequest, shows progress, and the record on screen gains the file', async () => {
    const ticket = await page.create('tickets', { subject: 'Hook upload', description: 'x' });
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { result, unmount } = render(ticket.id);
    await waitFor(() => expect(result.current.record.data?.attachments).toEqual([]));
    expect(result.current.upload.progress).toBe(0);
    const told: number[] = [];
    const file = new File([PNG], 'screen.png', { type: 'image/png' });
    act(() =>
      result.current.upload.mutate({
        entity: 'tickets',
        id: ticket.id,
        field: 'attachments',
        file,
        onProgress: (p) => told.push(p.loaded / p.total),
      }),
    );
    await waitFor(() => expect(result.current.upload.isSuccess).toBe(true));
    expect(opened.mock.calls.map(([method, url]) => [method, String(url)])).toEqual([
      ['POST', `${r.t.url}/api/entities/tickets/${ticket.id}/files/attachments`],
    ]);
    expect(result.current.upload.progress).toBe(1);
    expect(told.at(-1)).toBe(1);
    const ref = result.current.upload.data!;
    expect(ref).toMatchObject({ name: 'screen.png', size: PNG.length, type: 'image/png' });
    await waitFor(() => expect(result.current.record.data?.attachments.map((f) => f.id)).toEqual([ref.id]));

    act(() =>
      result.current.remove.mutate({
        entity: 'tickets',
        id: ticket.id,
        field: 'attachments',
        fileId: ref.id,
      }),
    );
    await waitFor(() => expect(result.current.record.data?.attachments).toEqual([]));
    unmount();
  });

  it('a refused upload is the hook’s typed error, with the field’s reason', async () => {
    const ticket = await page.create('tickets', { subject: 'Hook refusal', description: 'x' });
    const { result, unmount } = render(ticket.id);
    const html = new File(['<!doctype html><script>alert(1)</script>'], 'cat.png', { type: 'image/png' });
    act(() =>
      result.current.upload.mutate({ entity: 'tickets', id: ticket.id, field: 'attachments', file: html }),
    );
    await waitFor(() => expect(result.current.upload.isError).toBe(true));
    const error = result.current.upload.error;
    expect(isNinefoldError(error)).toBe(true);
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.status).toBe(422);
    expect(error?.fieldErrors.map((f) => [f.path, f.code])).toEqual([['attachments', 'file_type']]);
    expect((await page.get('tickets', ticket.id)).attachments).toEqual([]);
    unmount();
  });

  it('an aborted upload fails with the signal’s reason and leaves the record as it was', async () => {
    const ticket = await page.create('tickets', { subject: 'Hook abort', description: 'x' });
    const { result, unmount } = render(ticket.id);
    const controller = new AbortController();
    controller.abort();
    const file = new File([PNG], 'late.png', { type: 'image/png' });
    act(() =>
      result.current.upload.mutate({
        entity: 'tickets',
        id: ticket.id,
        field: 'attachments',
        file,
        signal: controller.signal,
      }),
    );
    await waitFor(() => expect(result.current.upload.isError).toBe(true));
    expect((result.current.upload.error as unknown as Error).name).toBe('AbortError');
    expect((await page.get('tickets', ticket.id)).attachments).toEqual([]);
    unmount();
  });
});
