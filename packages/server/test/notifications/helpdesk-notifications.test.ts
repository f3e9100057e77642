/**
 * Issue #17, notifications, per dialect, on the helpdesk: who hears of what (an agent's
 * public reply → the requester, in the app and by mail to a real SMTP mailbox; an internal
 * note → nobody; the customer's reply → the assignee; a resolved ticket → the requester;
 * nobody of their own write), a person's channels honoured, and the recipient's sockets
 * told live while another person's are not.
 */
import app from '@ninefold/example-helpdesk';
import {
  createTestApp,
  type TestApp,
  type TestClient,
  type TestMailbox,
  testMailbox,
} from '@ninefold/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { call, inbox, mailTo, rowsOf, socketOf, toldOn } from './notify-harness';

type Helpdesk = typeof app;
type Client = TestClient<Helpdesk>;

describe.each(DIALECTS)('helpdesk notifications on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let mailbox: TestMailbox;
  let customer: Client;
  let agent: Client;
  let otherAgent: Client;

  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(app, { database: dialect, mail: mailbox, clock: '2031-05-04T09:00:00.000Z' });
    agent = await t.clientAs('agent');
    otherAgent = await t.clientAs('agent');
  });
  // A customer of each test's own: their quota of open tickets and their mail start afresh.
  beforeEach(async () => {
    customer = await t.clientAs('customer');
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  /** A ticket of the customer's, triaged to `agent`. */
  async function ticket(subject = 'Printer jams'): Promise<string> {
    const made = await customer.create('tickets', { subject, description: 'Tray 2.' });
    await agent.transition('tickets', made.id, 'triage', { assignee: agent.user!.id });
    return made.id;
  }

  /** The notifications each person got during `act`, by name. */
  async function heard(act: () => Promise<unknown>): Promise<Record<string, string[]>> {
    const people = { customer, agent, otherAgent };
    const before = Object.fromEntries(
      await Promise.all(Object.entries(people).map(async ([k, c]) => [k, (await rowsOf(t, c)).length])),
    );
    await act();
    const after: Record<string, string[]> = {};
    for (const [k, c] of Object.entries(people))
      after[k] = (await rowsOf(t, c)).slice(before[k]).map((r) => String(r.notification));
    return after;
  }

  it.each([
    {
      what: "an agent's public reply tells the requester",
      act: (id: string) => agent.create('comments', { ticket: id, body: 'Try tray 1.' }),
      hears: { customer: ['agentReplied'], agent: [], otherAgent: [] },
    },
    {
      what: 'an internal note tells nobody',
      act: (id: string) =>
        otherAgent.create('comments', { ticket: id, body: 'Driver issue?', internal: true }),
      hears: { customer: [], agent: [], otherAgent: [] },
    },
    {
      what: "the customer's reply tells the assignee, not the customer",
      act: (id: string) => customer.create('comments', { ticket: id, body: 'Still jamming.' }),
      hears: { customer: [], agent: ['customerReplied'], otherAgent: [] },
    },
    {
      what: 'resolving tells the requester',
      act: (id: string) => agent.transition('tickets', id, 'resolve', { resolution: 'New tray.' }),
      hears: { customer: ['ticketResolved'], agent: [], otherAgent: [] },
    },
  ])('$what', async ({ act, hears }) => {
    const id = await ticket();
    expect(await heard(() => act(id))).toEqual(hears);
  });

  it('nobody hears of their own write: an agent replying to a ticket filed on their behalf', async () => {
    const id = await ticket();
    // No role may file a ticket for someone else: the row is changed as an import would.
    await t.db.run(t.db.qb.updateTable('tickets').set({ requester: agent.user!.id }).where('id', '=', id));
    const got = await heard(() => agent.create('comments', { ticket: id, body: 'Noted.' }));
    expect(got).toEqual({ customer: [], agent: [], otherAgent: [] });
  });

  it('the requester is told in the app and by mail, with the words and the link they may read', async () => {
    const id = await ticket('Scanner is slow');
    await agent.create('comments', { ticket: id, body: 'Update the driver.' });
    const [item] = (await inbox(t, customer)).items;
    expect(item).toMatchObject({
      notification: 'agentReplied',
      title: 'New reply on "Scanner is slow"',
      body: 'Update the driver.',
      link: { entity: 'tickets', id },
      readAt: null,
      createdAt: '2031-05-04T09:00:00.000Z',
    });
    const mail = await mailbox.next(customer.user!.email);
    expect(mail.subject).toBe('New reply on "Scanner is slow"');
    expect(mail.text).toContain('Update the driver.');
    expect(mailbox.linkIn(mail, `/tickets/${id}`)).toBe(`http://app.test/tickets/${id}`);
  });

  it("a person's channels decide: both off → no row and no mail; app only → a row, no mail", async () => {
    const mails = async () =>
      (await mailTo(t, customer.user!.email)).filter((m) => m.message === 'notification');
    const set = (channels: { app: boolean; email: boolean }) =>
      call(t, customer, 'PATCH', '/api/notifications/preferences', { agentReplied: channels });
    expect((await set({ app: false, email: false })).status).toBe(200);
    let id = await ticket();
    const mailed = (await mails()).length;
    expect(await heard(() => agent.create('comments', { ticket: id, body: 'One.' }))).toMatchObject({
      customer: [],
    });
    expect(await mails()).toHaveLength(mailed);
    expect((await set({ app: true, email: false })).status).toBe(200);
    id = await ticket();
    expect(await heard(() => agent.create('comments', { ticket: id, body: 'Two.' }))).toMatchObject({
      customer: ['agentReplied'],
    });
    expect(await mails()).toHaveLength(mailed);
    // Another notification keeps its defaults.
    id = await ticket();
    await agent.transition('tickets', id, 'resolve', { resolution: 'Done.' });
    expect((await mails()).at(-1)?.params.title).toBe('Resolved: Printer jams');
  });

  it("the recipient's sockets are told live; another person's are not", async () => {
    const id = await ticket('Monitor flickers');
    const mine = await socketOf(t, customer);
    const theirs = await socketOf(t, otherAgent);
    try {
      await agent.create('comments', { ticket: id, body: 'Swap the cable.' });
      // From the first message on: the push may arrive before the reply's answer does.
      const told = (await mine.next(
        (m) => (m as { type: string }).type === 'notification',
        0,
      )) as unknown as {
        notification: unknown;
      };
      expect(told.notification).toEqual((await inbox(t, customer)).items[0]);
      expect(told.notification).toMatchObject({ title: 'New reply on "Monitor flickers"' });
      await t.nf.server.realtime.settled();
      await theirs.barrier();
      expect(toldOn(theirs)).toEqual([]);
      expect(toldOn(mine)).toHaveLength(1);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
