/**
 * App authors test uploads as they test records: the kit's clients upload, download and
 * remove files in-process (the multipart body and the binary answer cross `server.inject`)
 * and over loopback, each judged by the helpdesk's rules — the ticket's customer attaches,
 * an agent reads it, another customer gets 404 whichever way they ask.
 */

import { checkFile, type FileRef, isNinefoldError } from '@ninefold/client';
import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './create-test-app';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';
import { testDialects } from './test-database';

type Helpdesk = typeof app;

// A 1×1 PNG: the server decides the type from these bytes, not from the name.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

async function refusal(call: Promise<unknown>) {
  const e = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isNinefoldError(e)) throw new Error(`expected a refusal, got ${String(e)}`);
  return { code: e.code, status: e.status, errors: e.fieldErrors.map((f) => f.code) };
}

const ways = testDialects().flatMap((dialect) => [
  [dialect, 'in-process'] as const,
  ...(dialect === 'sqlite' ? [[dialect, 'loopback'] as const] : []),
]);

describe.each(ways)('files through the kit on %s, %s', (dialect, way) => {
  let t: TestApp<Helpdesk>;
  let alice: TestClient<Helpdesk>;
  let agent: TestClient<Helpdesk>;
  let bob: TestClient<Helpdesk>;
  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, listen: way === 'loopback' });
    [alice, agent, bob] = await Promise.all([
      t.clientAs('customer'),
      t.clientAs('agent'),
      t.clientAs('customer'),
    ]);
  });
  afterAll(() => t.close());

  const ticket = (subject: string) => alice.create('tickets', { subject, description: 'Tray 2, again.' });
  const upload = (
    client: TestClient<Helpdesk>,
    id: string,
    bytes: Uint8Array<ArrayBuffer> = PNG,
    name = 'jam.png',
  ) => client.files.upload('tickets', id, 'attachments', new File([bytes], name, { type: 'image/png' }));

  it('the customer uploads to their ticket; an agent downloads it; another customer gets 404', async () => {
    const { id } = await ticket('Printer jam');
    const progress: { loaded: number; total: number }[] = [];
    const ref = await alice.files.upload(
      'tickets',
      id,
      'attachments',
      new File([PNG], 'jam.png', { type: 'image/png' }),
      { onProgress: (p) => progress.push(p) },
    );
    expect(ref).toMatchObject({ name: 'jam.png', size: PNG.length, type: 'image/png' });
    expect(ref.url).toMatch(new RegExp(`^/api/entities/tickets/${id}/files/attachments/${ref.id}\\?token=`));
    expect(progress).toEqual([{ loaded: PNG.length, total: PNG.length }]);

    const seen = await agent.get('tickets', id);
    expect(seen.attachments.map((f: FileRef) => [f.id, f.name])).toEqual([[ref.id, 'jam.png']]);
    const blob = await agent.files.download(seen.attachments[0]!);
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);
    // The agent's own session reads the bare path too.
    const bare = `/api/entities/tickets/${id}/files/attachments/${ref.id}`;
    expect((await agent.files.download(bare)).size).toBe(PNG.length);

    // Bob may not read the ticket: its file is as absent as the ticket, whatever he tries.
    expect(await refusal(bob.get('tickets', id))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await refusal(bob.files.download(bare))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await refusal(upload(bob, id))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await refusal(bob.files.remove('tickets', id, 'attachments', ref.id))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect((await agent.get('tickets', id)).attachments.map((f: FileRef) => f.id)).toEqual([ref.id]);
  });

  it('an image variant downloads as an image; a removed file is gone', async () => {
    const { id } = await ticket('Variant');
    const ref = await upload(alice, id);
    const thumb = await alice.files.download(ref, { variant: 'thumb' });
    expect(thumb.type).toMatch(/^image\//);
    expect(thumb.size).toBeGreaterThan(0);
    await agent.files.remove('tickets', id, 'attachments', ref.id);
    expect((await alice.get('tickets', id)).attachments).toEqual([]);
    expect(await refusal(agent.files.download(ref))).toMatchObject({ status: 404 });
  });

  it('refusals arrive as the catalogue’s typed errors and change nothing', async () => {
    const { id } = await ticket('Refusals');
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    expect(await refusal(upload(alice, id, html, 'cat.png'))).toEqual({
      code: 'VALIDATION_FAILED',
      status: 422,
      errors: ['file_type'],
    });
    const big = new Uint8Array(10 * 1_048_576 + 1);
    big.set(PNG);
    expect(await refusal(upload(alice, id, big))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect((await alice.get('tickets', id)).attachments).toEqual([]);
  });

  it('checkFile, before the upload, says what the server says after it', async () => {
    const { id } = await ticket('Same words');
    const field = (await alice.meta()).entities.tickets!.fields.attachments!;
    const said = async (call: Promise<unknown>) =>
      call.then(
        () => [],
        (e: unknown) => (isNinefoldError(e) ? e.fieldErrors.map((f) => [f.code, f.message]) : [String(e)]),
      );
    const html = new File(['<!doctype html><p>hi'], 'page.html', { type: 'text/html' });
    const before = checkFile(field, html, { path: 'attachments' });
    expect(await said(alice.files.upload('tickets', id, 'attachments', html))).toEqual(
      before.map((i) => [i.code, i.message]),
    );
    for (let n = 0; n < 5; n++) await upload(alice, id);
    const sixth = checkFile(field, new File([PNG], 'six.png', { type: 'image/png' }), {
      path: 'attachments',
      held: 5,
    });
    expect(await said(upload(alice, id))).toEqual(sixth.map((i) => [i.code, i.message]));
  });
});
