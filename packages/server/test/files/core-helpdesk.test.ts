/**
 * The file core on the helpdesk, per dialect, without HTTP: an upload begun, finished and
 * aborted; who may attach to which ticket; an internal note's file never opened by a
 * customer, with a link or without; a ticket's delete (and the cascade to its comments)
 * queueing the removal of every file, which a job run carries out; abandoned uploads swept;
 * and every answer — get, list, expand, a write's, realtime — carrying urls of the caller's
 * own that `open` accepts.
 */
import helpdesk from '@ninefold/example-helpdesk';
import type { FileRef } from '@ninefold/spec';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../../src/core/changes/change-event';
import type { Caller } from '../../src/core/rules/rule-context';
import { type Judgement, verdict } from '../../src/realtime/event-verdict';
import type { RealtimeClient } from '../../src/realtime/realtime-hub';
import { DIALECTS } from '../test-databases';
import { type CoreFiles, codeOf, PNG, startCoreFiles, tokenOf } from './core-support';

type Row = Record<string, any>;

describe.each(DIALECTS)('the file core on the helpdesk, on %s', (dialect) => {
  let h: CoreFiles;
  let customer: Caller;
  let other: Caller;
  let agent: Caller;
  let admin: Caller;

  const ticketOf = async (who: Caller) =>
    String(
      ((await h.core.create(who, 'tickets', { subject: 'Printer on fire', description: 'Smoke.' })) as Row)
        .id,
    );
  const open = (who: Caller | null, entity: string, id: string, field: string, f: FileRef, token = true) =>
    h.core.files.open(who, { entity, id, field, fileId: f.id, ...(token ? { token: tokenOf(f.url) } : {}) });

  beforeAll(async () => {
    h = await startCoreFiles(helpdesk, dialect);
    agent = await h.caller('agent');
    admin = await h.caller('admin');
  });
  // Customers of their own per test: a customer keeps only so many tickets open.
  beforeEach(async () => {
    customer = await h.caller('customer');
    other = await h.caller('customer');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('begins with a row before any byte, finishes as an update of the record, and aborts leaving nothing', async () => {
    const ticket = await ticketOf(customer);
    const pending = await h.core.files.begin(customer, 'tickets', ticket, 'attachments', 'shot.png');
    expect((await h.ledger()).get(pending.id)).toBe('uploading');
    expect(pending.key).toBe(pending.id);
    expect(pending.maxBytes).toBe(10 * 1_048_576);
    const put = await h.store.put(pending.key, (await import('node:stream')).Readable.from([PNG]));
    const ref = await h.core.files.finish(customer, pending, { size: put, type: 'image/png' });
    expect(ref).toMatchObject({ id: pending.id, size: PNG.length, type: 'image/png' });
    expect(ref.url).toMatch(
      new RegExp(`^/api/entities/tickets/${ticket}/files/attachments/${ref.id}\\?token=`),
    );
    expect((await h.ledger()).get(ref.id)).toBe('ready');
    const got = (await h.core.get(customer, 'tickets', ticket)) as Row;
    expect(got.version).toBe(2);
    expect(got.attachments).toHaveLength(1);
    expect((await open(customer, 'tickets', ticket, 'attachments', ref)).key).toBe(ref.id);
    // Its history tells of it as of any update, without urls.
    const history = await h.t.db.all<Row>(
      h.t.db.qb
        .selectFrom('nf_audit')
        .selectAll()
        .where('recordId', '=', ticket)
        .where('operation', '=', 'update'),
    );
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history[0])).not.toContain('token=');

    const aborted = await h.started(customer, 'tickets', ticket, 'attachments');
    expect(await h.store.has(aborted.key)).toBe(true);
    await h.core.files.abort(aborted);
    expect((await h.ledger()).has(aborted.id)).toBe(false);
    expect(await h.store.has(aborted.key)).toBe(false);
  });

  it('refuses a type the field does not accept, aborting the upload', async () => {
    const ticket = await ticketOf(customer);
    const pending = await h.started(customer, 'tickets', ticket, 'attachments');
    const e = await h.core.files
      .finish(customer, pending, { size: PNG.length, type: 'text/html' })
      .catch((x) => x);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.issues).toMatchObject([{ path: 'attachments', code: 'file_type' }]);
    expect((await h.ledger()).has(pending.id)).toBe(false);
    expect(await h.store.has(pending.key)).toBe(false);
    expect(((await h.core.get(customer, 'tickets', ticket)) as Row).version).toBe(1);
  });

  it('lets only who may update the field attach: not another customer, not to a closed ticket, not past the count', async () => {
    const ticket = await ticketOf(customer);
    expect(await codeOf(h.core.files.begin(other, 'tickets', ticket, 'attachments', 'x.png'))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(h.core.files.begin(null, 'tickets', ticket, 'attachments', 'x.png'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await codeOf(h.core.files.begin(customer, 'tickets', ticket, 'subject', 'x.png'))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(h.core.files.begin(customer, 'nope', ticket, 'attachments', 'x.png'))).toBe(
      'NOT_FOUND',
    );
    expect(
      await codeOf(
        h.core.files.begin({ ...customer, unverified: true }, 'tickets', ticket, 'attachments', 'x'),
      ),
    ).toBe('EMAIL_NOT_VERIFIED');
    // A begun upload judged again at its finish: the ticket withdrawn in between.
    const pending = await h.started(customer, 'tickets', ticket, 'attachments');
    await h.core.transition(customer, 'tickets', ticket, 'withdraw', {});
    expect(
      await codeOf(h.core.files.finish(customer, pending, { size: PNG.length, type: 'image/png' })),
    ).toBe('FORBIDDEN');
    expect((await h.ledger()).has(pending.id)).toBe(false);
    expect(await codeOf(h.core.files.begin(customer, 'tickets', ticket, 'attachments', 'x.png'))).toBe(
      'FORBIDDEN',
    );
    // An agent attaches to any ticket, up to the field's five.
    const second = await ticketOf(customer);
    for (let i = 0; i < 5; i++) await h.upload(agent, 'tickets', second, 'attachments');
    const e = await h.core.files.begin(agent, 'tickets', second, 'attachments', 'six.png').catch((x) => x);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.issues).toMatchObject([{ path: 'attachments', code: 'too_many' }]);
  });

  it("never opens an internal note's file for a customer, with a link or without", async () => {
    const ticket = await ticketOf(customer);
    const note = (await h.core.create(agent, 'comments', {
      ticket,
      body: 'Internal only.',
      internal: true,
    })) as Row;
    const ref = await h.upload(agent, 'comments', String(note.id), 'attachments');
    expect((await open(agent, 'comments', String(note.id), 'attachments', ref)).id).toBe(ref.id);
    expect(await codeOf(open(customer, 'comments', String(note.id), 'attachments', ref, false))).toBe(
      'NOT_FOUND',
    );
    // A link made out to the customer (as if one leaked) opens nothing either.
    const forged = {
      ...ref,
      url: h.core.files.links.url(
        'comments',
        String(note.id),
        'attachments',
        ref.id,
        customer,
        h.clock.now(),
      ),
    };
    expect(await codeOf(open(null, 'comments', String(note.id), 'attachments', forged))).toBe('NOT_FOUND');
    // Nor does the customer's list show the note, or its file.
    const list = await h.core.list(customer, 'comments', { ticket });
    expect(JSON.stringify(list)).not.toContain(ref.id);
    // A file of the customer's own public comment opens for them, and not by another file's address.
    const mine = (await h.core.create(customer, 'comments', { ticket, body: 'Here is a photo.' })) as Row;
    const own = await h.upload(customer, 'comments', String(mine.id), 'attachments');
    expect((await open(customer, 'comments', String(mine.id), 'attachments', own, false)).id).toBe(own.id);
    expect(
      await codeOf(
        h.core.files.open(customer, {
          entity: 'comments',
          id: String(mine.id),
          field: 'attachments',
          fileId: ref.id,
        }),
      ),
    ).toBe('NOT_FOUND');
    // An agent may not attach to a comment of the customer's.
    expect(await codeOf(h.core.files.begin(agent, 'comments', String(mine.id), 'attachments', 'x'))).toBe(
      'FORBIDDEN',
    );
  });

  it('removes a file as an update, and its bytes after the commit, by a job', async () => {
    const ticket = await ticketOf(customer);
    const ref = await h.upload(customer, 'tickets', ticket, 'attachments');
    expect(await codeOf(h.core.files.remove(other, 'tickets', ticket, 'attachments', ref.id))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(h.core.files.remove(customer, 'tickets', ticket, 'attachments', 'nope'))).toBe(
      'NOT_FOUND',
    );
    await h.core.files.remove(customer, 'tickets', ticket, 'attachments', ref.id);
    expect((await h.core.get(customer, 'tickets', ticket)) as Row).toMatchObject({
      attachments: [],
      version: 3,
    });
    expect((await h.ledger()).get(ref.id)).toBe('removing');
    expect(await h.store.has(ref.id)).toBe(true);
    expect(await codeOf(open(customer, 'tickets', ticket, 'attachments', ref))).toBe('NOT_FOUND');
    await h.runJobs();
    expect((await h.ledger()).has(ref.id)).toBe(false);
    expect(await h.store.has(ref.id)).toBe(false);
  });

  it("a ticket's delete, cascading to its comments, queues the removal of every file; a job run removes the bytes", async () => {
    const ticket = await ticketOf(customer);
    const onTicket = await h.upload(customer, 'tickets', ticket, 'attachments');
    const comment = (await h.core.create(customer, 'comments', { ticket, body: 'See attached.' })) as Row;
    const onComment = await h.upload(customer, 'comments', String(comment.id), 'attachments');
    await h.core.remove(admin, 'tickets', ticket);
    const ledger = await h.ledger();
    expect([ledger.get(onTicket.id), ledger.get(onComment.id)]).toEqual(['removing', 'removing']);
    const jobs = await h.t.db.all<Row>(
      h.t.db.qb
        .selectFrom('nf_jobs')
        .select(['key', 'status'])
        .where('kind', '=', 'file')
        .where('status', '=', 'queued'),
    );
    expect(jobs.map((j) => j.key).sort()).toEqual([`file:${onComment.id}`, `file:${onTicket.id}`].sort());
    await h.runJobs();
    const after = await h.ledger();
    expect(after.has(onTicket.id) || after.has(onComment.id)).toBe(false);
    const keys = await h.keys();
    expect(keys).not.toContain(onTicket.id);
    expect(keys).not.toContain(onComment.id);
  });

  it('sweeps uploads abandoned past their grace, and only those', async () => {
    const ticket = await ticketOf(customer);
    const pending = await h.started(customer, 'tickets', ticket, 'attachments');
    const kept = await h.upload(customer, 'tickets', ticket, 'attachments');
    expect((await h.core.files.sweep(60_000)).removed).toBe(0);
    h.clock.advance({ minutes: 2 });
    expect((await h.core.files.sweep(60_000)).removed).toBeGreaterThanOrEqual(1);
    expect((await h.ledger()).has(pending.id)).toBe(false);
    expect(await h.store.has(pending.key)).toBe(false);
    expect((await h.ledger()).get(kept.id)).toBe('ready');
    expect(await h.store.has(kept.id)).toBe(true);
    // Its finish, late, puts nothing into the ticket.
    expect(
      await codeOf(h.core.files.finish(customer, pending, { size: PNG.length, type: 'image/png' })),
    ).toBe('NOT_FOUND');
    expect(((await h.core.get(customer, 'tickets', ticket)) as Row).attachments).toHaveLength(1);
  });

  it("answers every record with urls of the caller's own: get, list, expand, a write, realtime", async () => {
    const ticket = await ticketOf(customer);
    const comment = (await h.core.create(customer, 'comments', { ticket, body: 'Photo below.' })) as Row;
    const events: ChangeEvent[] = [];
    const stop = h.core.bus.listen((e) => {
      if (e.kind === 'change' && e.entity === 'comments') events.push(e);
    });
    const ref = await h.upload(customer, 'comments', String(comment.id), 'attachments');
    // On PostgreSQL the change comes back through the outbox, after the commit.
    await vi.waitFor(() => expect(events.some((e) => e.op === 'update')).toBe(true), { timeout: 10_000 });
    stop();
    const opens = async (who: Caller, f: FileRef) =>
      (await open(null, 'comments', String(comment.id), 'attachments', f)).id === ref.id &&
      f.url.includes('token=') &&
      who !== null;
    const got = (await h.core.get(agent, 'comments', String(comment.id))) as Row;
    expect(await opens(agent, got.attachments[0])).toBe(true);
    const listed = (await h.core.list(agent, 'comments', { ticket })).items as Row[];
    expect(await opens(agent, listed[0]!.attachments[0])).toBe(true);
    const expanded = (await h.core.list(customer, 'comments', { ticket, expand: 'ticket' })).items as Row[];
    expect(await opens(customer, expanded[0]!.attachments[0])).toBe(true);
    const tickets = (await h.core.list(customer, 'tickets', { id: ticket })).items as Row[];
    expect(tickets).toHaveLength(1);
    // The agent's url is not the customer's: each is bound to who was given it.
    expect(tokenOf(got.attachments[0].url)).not.toBe(tokenOf(expanded[0]!.attachments[0].url));
    // The stored record keeps its files without urls.
    const stored = await h.t.db.all<Row>(
      h.t.db.qb.selectFrom('comments').select('attachments').where('id', '=', String(comment.id)),
    );
    expect(String(stored[0]!.attachments)).not.toContain('url');
    // Realtime: the upload's event, as each subscriber hears it.
    const event = events.find((e) => e.op === 'update')!;
    const load = (entity: string, id: string) => h.core.scope(null, true).load(entity, id);
    const judge = (): Judgement => ({
      event,
      now: h.clock.now(),
      load,
      loadBefore: load,
      records: new Map(),
      hidden: new Map(),
      files: h.core.files.links,
    });
    const heard = async (who: Caller) => {
      const client = { caller: who } as unknown as RealtimeClient;
      const sub = { id: 's', entity: 'comments', filters: [] };
      const j = judge();
      const text = await verdict(helpdesk, client, sub, j);
      return text ? (JSON.parse(text).record as Row) : null;
    };
    const toAgent = await heard(agent);
    const toCustomer = await heard(customer);
    expect(toAgent!.attachments[0].id).toBe(ref.id);
    expect(await opens(agent, toAgent!.attachments[0])).toBe(true);
    expect(await opens(customer, toCustomer!.attachments[0])).toBe(true);
    const claims = async (f: FileRef) => h.core.files.links.verify(tokenOf(f.url), f.id, h.clock.now());
    expect((await claims(toAgent!.attachments[0])).userId).toBe(agent.id);
    expect((await claims(toCustomer!.attachments[0])).userId).toBe(customer.id);
  });
});
