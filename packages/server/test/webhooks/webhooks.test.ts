/**
 * Issue #17, outgoing webhooks, per dialect, against a real receiver that verifies every
 * signature: each event arrives once by id, as the webhook's role reads the record (never a
 * hidden field, never a record it may not read); a refused delivery is tried again with the
 * same id and body until it gets through, or is dead and retried from the admin route.
 */
import { checkApp } from '@ninefold/spec';
import { createTestApp, type TestApp } from '@ninefold/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_ATTEMPTS } from '../../src/webhooks/queue-webhooks';
import { DIALECTS } from '../test-databases';
import { type Receiver, startReceiver } from './webhook-receiver';
import app, { INTEGRATION_FIELDS } from './webhooks-app';

type Orders = typeof app;
type Client = Awaited<ReturnType<TestApp<Orders>['clientAs']>>;

const SHOWN = new Set<string>([...INTEGRATION_FIELDS, 'id', 'createdAt', 'updatedAt', 'version']);
const SECRET_NOTE = 'only-agents-read-this';

it('the fixture passes the checker', () => {
  expect(checkApp(app).problems).toEqual([]);
});

describe.each(DIALECTS)('outgoing webhooks on %s', (dialect) => {
  let t: TestApp<Orders>;
  let receiver: Receiver;
  let member: Client;
  let admin: Client;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(app, {
      database: dialect,
      clock: '2031-03-01T09:00:00.000Z',
      server: { webhooks: { orderEvents: { url: receiver.url, secret: receiver.secret } } },
    });
    member = await t.clientAs('member');
    admin = await t.clientAs('admin');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    // Nothing left over from the test before: every due delivery is made first.
    await t.runJobs();
    receiver.deliveries.length = 0;
  });

  const order = (
    fields: Partial<{ title: string; amount: number; shared: boolean; secretNote: string }> = {},
  ) =>
    member.create('orders', { title: 'Bolts', amount: 12, shared: true, secretNote: SECRET_NOTE, ...fields });
  const webhookJobs = () => t.nf.jobs.list({ kind: 'webhook' });

  it('a shared order is told once, signed, with only the fields the role reads', async () => {
    const made = await order({ title: 'Nuts' });
    await t.runJobs();
    await t.runJobs();
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    const [event] = receiver.events();
    expect(event).toEqual({
      type: 'orders.created',
      timestamp: '2031-03-01T09:00:00.000Z',
      data: {
        entity: 'orders',
        id: made.id,
        record: {
          id: made.id,
          createdAt: made.createdAt,
          updatedAt: made.updatedAt,
          version: made.version,
          title: 'Nuts',
          amount: 12,
          status: 'draft',
          shared: true,
        },
      },
    });
    expect(receiver.deliveries[0]!.body).not.toContain(SECRET_NOTE);
    expect(receiver.deliveries[0]!.body).not.toContain(member.user!.id);
  });

  it('an order the role may not read is never sent, nor anything that happens to it', async () => {
    const hidden = await order({ shared: false });
    await member.update('orders', hidden.id, { title: 'Still hidden' });
    await member.delete('orders', hidden.id);
    expect((await webhookJobs()).filter((j) => j.recordId === hidden.id)).toEqual([]);
    await t.runJobs();
    expect(receiver.deliveries).toEqual([]);
  });

  it('an update is told with the readable fields it changed, and not at all when it changed only hidden ones', async () => {
    const made = await order();
    await t.runJobs();
    receiver.deliveries.length = 0;
    await member.update('orders', made.id, { secretNote: 'changed, but hidden' });
    await member.update('orders', made.id, { title: 'Washers', secretNote: 'hidden again' });
    await t.runJobs();
    const events = receiver.events();
    expect(events.map((e) => [e.type, e.data.changed, e.data.record.title])).toEqual([
      ['orders.updated', ['title'], 'Washers'],
    ]);
    expect(JSON.stringify(receiver.deliveries)).not.toContain('hidden');
  });

  it('a transition is told with its name and states; one not listened for is not', async () => {
    const made = await order();
    await member.transition('orders', made.id, 'place', {});
    const agent = await t.clientAs('agent');
    await agent.transition('orders', made.id, 'ship', {});
    await t.runJobs();
    const types = receiver.events().map((e) => [e.type, e.data.transition]);
    expect(types).toEqual([
      ['orders.created', undefined],
      ['orders.transitioned', { name: 'ship', from: 'placed', to: 'shipped' }],
    ]);
  });

  it('a delete is told with the record as it was', async () => {
    const made = await order({ title: 'Gone soon' });
    await member.delete('orders', made.id);
    await t.runJobs();
    const deleted = receiver.events().find((e) => e.type === 'orders.deleted');
    expect(deleted?.data.record).toMatchObject({ id: made.id, title: 'Gone soon', shared: true });
    expect(Object.keys(deleted!.data.record).every((k) => SHOWN.has(k))).toBe(true);
  });

  it('a receiver answering 500 twice gets the same id and body three times, then the job is done', async () => {
    receiver.answerNext(500, 500);
    const made = await order({ title: 'Retried' });
    await t.runJobs();
    const [job] = (await webhookJobs()).filter((j) => j.recordId === made.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, error: 'HTTP 500: refused with 500' });
    // Not due again before its backoff: a pass now sends nothing.
    await t.runJobs();
    expect(receiver.deliveries).toHaveLength(1);
    t.clock.advance({ minutes: 1 });
    await t.runJobs();
    expect((await webhookJobs()).find((j) => j.id === job!.id)).toMatchObject({
      status: 'queued',
      attempts: 2,
    });
    t.clock.advance({ minutes: 1 });
    await t.runJobs();
    const ids = receiver.deliveries.map((d) => d.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.deliveries.map((d) => d.body)).size).toBe(1);
    expect(receiver.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    expect(receiver.events()).toHaveLength(1);
    const done = (await webhookJobs()).find((j) => j.id === job!.id);
    expect(done).toMatchObject({ status: 'done', attempts: 3 });
    // The admin console lists it the same.
    const listed = await t.inject({ method: 'GET', url: '/api/jobs?kind=webhook', headers: admin.headers() });
    expect(listed.statusCode).toBe(200);
    expect((listed.json().items as { id: string }[]).find((j) => j.id === job!.id)).toMatchObject({
      kind: 'webhook',
      name: 'orderEvents',
      status: 'done',
      attempts: 3,
    });
  });

  it(`a delivery refused ${WEBHOOK_ATTEMPTS} times is dead; an admin's retry sends it again, same id`, async () => {
    receiver.answerNext(...Array.from({ length: WEBHOOK_ATTEMPTS }, () => 503));
    const made = await order({ title: 'Dead letter' });
    for (let i = 0; i < WEBHOOK_ATTEMPTS + 2; i++) {
      await t.runJobs();
      t.clock.advance({ hours: 2 });
    }
    const [job] = (await webhookJobs()).filter((j) => j.recordId === made.id);
    expect(job).toMatchObject({
      status: 'dead',
      attempts: WEBHOOK_ATTEMPTS,
      error: 'HTTP 503: refused with 503',
    });
    expect(receiver.deliveries).toHaveLength(WEBHOOK_ATTEMPTS);
    expect(receiver.events()).toEqual([]);

    const retried = await t.inject({
      method: 'POST',
      url: `/api/jobs/${job!.id}/retry`,
      headers: admin.headers(),
    });
    expect(retried.statusCode).toBe(200);
    await t.runJobs();
    expect(receiver.deliveries).toHaveLength(WEBHOOK_ATTEMPTS + 1);
    expect(new Set(receiver.deliveries.map((d) => d.id)).size).toBe(1);
    expect(receiver.events().map((e) => e.data.id)).toEqual([made.id]);
    expect((await webhookJobs()).find((j) => j.id === job!.id)).toMatchObject({ status: 'done' });
  });

  it('never sends a field or a record the role may not read, whatever is written', async () => {
    const write = fc.record({
      title: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
      amount: fc.integer({ min: 0, max: 999 }),
      shared: fc.boolean(),
      later: fc.option(fc.record({ shared: fc.boolean(), note: fc.boolean() }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(write, async (w) => {
        receiver.deliveries.length = 0;
        const made = await order({ title: w.title, amount: w.amount, shared: w.shared });
        if (w.later)
          await member.update('orders', made.id, {
            shared: w.later.shared,
            ...(w.later.note ? { secretNote: `${SECRET_NOTE}!` } : { title: `${w.title}.` }),
          });
        await t.runJobs();
        for (const d of receiver.deliveries) {
          expect(d.verified).toBe(true);
          expect(d.body).not.toContain(SECRET_NOTE);
          const event = JSON.parse(d.body) as { data: { record: Record<string, unknown> } };
          expect(Object.keys(event.data.record).filter((k) => !SHOWN.has(k))).toEqual([]);
          expect(event.data.record.shared).toBe(true);
        }
        const told = receiver.events().map((e) => e.type);
        expect(told.includes('orders.created')).toBe(w.shared);
      }),
      { numRuns: 12 },
    );
  });
});
