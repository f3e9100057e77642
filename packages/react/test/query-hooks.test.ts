// @vitest-environment jsdom

import { testDialects } from '@ninefold/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

// Each hook's result is spread so it is watched whole, as a component showing all of it would.
describe.each(testDialects())('the query hooks on %s', (dialect) => {
  let r: ReactHarness;
  let agent: TestUser;

  beforeAll(async () => {
    r = await startReactHarness(dialect);
    agent = await r.user('agent');
  });
  afterAll(() => r.close());

  it('useList keeps a searched, counted, expanded page and its total live', async () => {
    const customer = await r.user('customer');
    const c = r.as(customer).client;
    await c.create('tickets', { subject: 'Quasar printer jams', description: 'x' });
    const reader = r.as(agent);
    const { result, unmount } = renderHook(
      () => ({
        ...hooks.useList('tickets', {
          where: { requester: customer.id },
          search: 'quasar',
          count: true,
          expand: ['requester'],
          limit: 1,
        }),
      }),
      { wrapper: reader.wrapper },
    );
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(result.current.data?.items[0]?.$expand.requester?.id).toBe(customer.id);
    await waitFor(() => expect(reader.sockets.subscribed()).toBe(1));
    await c.create('tickets', { subject: 'Quasar scanner too', description: 'x' });
    await c.create('tickets', { subject: 'Unrelated matter', description: 'x' });
    await waitFor(() => expect(result.current.data?.total).toBe(2));
    expect(result.current.data?.items).toHaveLength(1);
    unmount();
  });

  it('useAggregate answers over what the caller may read and follows changes', async () => {
    const customer = await r.user('customer');
    const c = r.as(customer).client;
    const first = await c.create('tickets', { subject: 'Aggregate one', description: 'x' });
    const tab = r.as(customer);
    const { result, unmount } = renderHook(
      () => ({ ...hooks.useAggregate('tickets', { groupBy: ['status'], count: true }) }),
      { wrapper: tab.wrapper },
    );
    const counts = () =>
      Object.fromEntries((result.current.data?.groups ?? []).map((g) => [g.key.status, g.count]));
    // Only this customer's own ticket, whatever the other tests created.
    await waitFor(() => expect(counts()).toEqual({ new: 1 }));
    await waitFor(() => expect(tab.sockets.subscribed()).toBe(1));
    await r.as(agent).client.transition('tickets', first.id, 'triage', {});
    await c.create('tickets', { subject: 'Aggregate two', description: 'x' });
    await waitFor(() => expect(counts()).toEqual({ new: 1, open: 1 }));
    unmount();
  });

  it('useImport shows progress, answers the report and refreshes the lists', async () => {
    const customer = await r.user('customer');
    const tab = r.as(customer);
    const { result, unmount } = renderHook(
      () => ({ list: hooks.useList('tickets', { count: true }), imp: hooks.useImport('tickets') }),
      { wrapper: tab.wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.total).toBe(0));
    expect(result.current.imp.progress).toBeNull();
    await act(() =>
      result.current.imp.mutateAsync({
        rows: 'subject,description\nImported one,x\nBad,x\nImported two,x\n',
        mode: 'each',
      }),
    );
    expect(result.current.imp.data).toMatchObject({ total: 3, created: 2, failed: 1 });
    expect(result.current.imp.progress).toMatchObject({ total: 3 });
    await waitFor(() => expect(result.current.list.data?.total).toBe(2));
    unmount();
  });
});
