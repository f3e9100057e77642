// @vitest-environment jsdom

import { testDialects } from '@ninefold/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

// Each hook's result is spread so it is watched whole (TanStack re-renders only for the
// fields read while rendering), as a component showing all of it would.
describe.each(testDialects())('hooks kept live by realtime on %s', (dialect) => {
  let r: ReactHarness;
  let agent: TestUser;
  let colleague: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    r = await startReactHarness(dialect);
    agent = await r.user('agent');
    colleague = await r.user('agent');
    admin = await r.user('admin');
  });
  afterAll(() => r.close());

  it('useList shows what other clients create, transition and delete', async () => {
    const customer = await r.user('customer');
    const reader = r.as(agent);
    const { result, unmount } = renderHook(
      () => ({ ...hooks.useList('tickets', { where: { requester: customer.id }, sort: 'createdAt' }) }),
      { wrapper: reader.wrapper },
    );
    await waitFor(() => expect(result.current.data?.items).toEqual([]));
    await waitFor(() => expect(reader.sockets.subscribed()).toBe(1));

    const t = await r.as(customer).client.create('tickets', { subject: 'Live list one', description: 'x' });
    await waitFor(() => expect(result.current.data?.items.map((x) => x.id)).toEqual([t.id]));

    await r.as(colleague).client.transition('tickets', t.id, 'triage', {});
    await waitFor(() => expect(result.current.data?.items[0]?.status).toBe('open'));

    await r.as(admin).client.delete('tickets', t.id);
    await waitFor(() => expect(result.current.data?.items).toEqual([]));
    unmount();
  });

  it('useRecord follows changes, and answers NOT_FOUND once the record is deleted', async () => {
    const customer = await r.user('customer');
    const t = await r.as(customer).client.create('tickets', { subject: 'Live record', description: 'x' });
    const reader = r.as(agent);
    const { result, unmount } = renderHook(() => ({ ...hooks.useRecord('tickets', t.id) }), {
      wrapper: reader.wrapper,
    });
    await waitFor(() => expect(result.current.data?.priority).toBe('normal'));
    await waitFor(() => expect(reader.sockets.subscribed()).toBe(1));

    await r.as(colleague).client.update('tickets', t.id, { priority: 'urgent', tags: ['vip'] });
    await waitFor(() => expect(result.current.data).toMatchObject({ priority: 'urgent', tags: ['vip'] }));

    await r.as(admin).client.delete('tickets', t.id);
    await waitFor(() => expect(result.current.error?.code).toBe('NOT_FOUND'));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error?.status).toBe(404);
    unmount();
  });

  it('drops a ticket from an agent’s “assigned to me” list when it is reassigned away', async () => {
    const customer = await r.user('customer');
    const t = await r.as(customer).client.create('tickets', { subject: 'Reassigned', description: 'x' });
    await r.as(colleague).client.transition('tickets', t.id, 'triage', { assignee: agent.id });
    const reader = r.as(agent);
    const { result, unmount } = renderHook(
      () => ({
        mine: { ...hooks.useList('tickets', { where: { assignee: agent.id } }) },
        // The same ticket on another list of the same reader, which it still matches.
        ofCustomer: { ...hooks.useList('tickets', { where: { requester: customer.id } }) },
      }),
      { wrapper: reader.wrapper },
    );
    await waitFor(() => expect(result.current.mine.data?.items.map((x) => x.id)).toContain(t.id));
    await waitFor(() => expect(result.current.ofCustomer.data?.items.map((x) => x.id)).toEqual([t.id]));
    await waitFor(() => expect(reader.sockets.subscribed()).toBe(2));

    await r.as(colleague).client.update('tickets', t.id, { assignee: colleague.id });
    await waitFor(() => expect(result.current.mine.data?.items.map((x) => x.id)).not.toContain(t.id));
    await waitFor(() => expect(result.current.ofCustomer.data?.items[0]?.assignee).toBe(colleague.id));
    expect(result.current.ofCustomer.data?.items.map((x) => x.id)).toEqual([t.id]);
    unmount();
  });

  it('useQuota counts a ticket created through useCreate, and one created elsewhere', async () => {
    const customer = await r.user('customer');
    const me = r.as(customer);
    const { result, unmount } = renderHook(
      () => ({ quota: hooks.useQuota('openTickets'), create: hooks.useCreate('tickets') }),
      { wrapper: me.wrapper },
    );
    await waitFor(() => expect(result.current.quota.quota).toMatchObject({ used: 0, max: 5, remaining: 5 }));
    await result.current.create.mutateAsync({ subject: 'Counted ticket', description: 'x' });
    await waitFor(() => expect(result.current.quota.quota).toMatchObject({ used: 1, remaining: 4 }));

    await waitFor(() => expect(me.sockets.subscribed()).toBe(1));
    await r.as(customer).client.create('tickets', { subject: 'From another tab', description: 'x' });
    await waitFor(() => expect(result.current.quota.quota).toMatchObject({ used: 2, remaining: 3 }));
    unmount();
  });
});
