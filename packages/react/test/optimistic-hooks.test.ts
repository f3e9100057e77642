// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

/**
 * Each answer the hook waits for is held back until the optimistic value has been seen, so
 * "shown at once" is checked without racing the server; the request itself is real.
 */
describe('optimistic writes through the hooks', () => {
  let r: ReactHarness;
  let customer: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    r = await startReactHarness('sqlite');
    customer = await r.user('customer');
    agent = await r.user('agent');
  });
  afterAll(() => r.close());

  const ticket = (subject: string) =>
    r.as(customer).client.create('tickets', { subject, description: 'x', priority: 'low' });

  const render = (id: string) => {
    const tab = r.as(agent);
    const view = renderHook(
      () => ({
        record: { ...hooks.useRecord('tickets', id) },
        // A list page holding the same ticket: the optimistic value shows there too.
        list: { ...hooks.useList('tickets', { where: { id } }) },
        update: hooks.useUpdate('tickets'),
        transition: hooks.useTransition('tickets', 'status'),
      }),
      { wrapper: tab.wrapper },
    );
    return { tab, ...view };
  };

  it('useUpdate shows the new value at once and rolls back on a stale version (VERSION_MISMATCH)', async () => {
    const t = await ticket('Stale optimistic');
    const { tab, result, unmount } = render(t.id);
    await waitFor(() => expect(result.current.record.data?.priority).toBe('low'));
    await waitFor(() => expect(tab.sockets.subscribed()).toBe(2)); // the record and the list
    // Someone else writes first; the screen follows, but the version in hand is now stale.
    await r.as(agent).client.update('tickets', t.id, { priority: 'high' });
    await waitFor(() => expect(result.current.record.data?.priority).toBe('high'));

    const release = tab.hold('PATCH', `/tickets/${t.id}`);
    await waitFor(() => expect(result.current.list.data?.items[0]?.priority).toBe('high'));
    act(() => result.current.update.mutate({ id: t.id, patch: { priority: 'urgent' }, version: t.version }));
    await waitFor(() => expect(result.current.record.data?.priority).toBe('urgent'));
    expect(result.current.list.data?.items[0]?.priority).toBe('urgent');
    release();
    await waitFor(() => expect(result.current.update.isError).toBe(true));
    const error = result.current.update.error;
    expect(error?.code).toBe('VERSION_MISMATCH');
    expect(error?.status).toBe(412);
    expect(result.current.record.data?.priority).toBe('high');
    expect(result.current.list.data?.items[0]?.priority).toBe('high');
    unmount();
  });

  it('useUpdate refused (412) keeps the other writer’s version that arrived by realtime meanwhile', async () => {
    const other = await r.user('customer');
    const t = await r
      .as(other)
      .client.create('tickets', { subject: 'Rollback over realtime', description: 'x', priority: 'low' });
    const tab = r.as(agent);
    // Every priority the screen showed, in order: a rollback to the snapshot would flash `low`
    // back after the other writer's `high`, before the refetch repaired it.
    const shown: unknown[] = [];
    const { result, unmount } = renderHook(
      () => {
        const record = { ...hooks.useRecord('tickets', t.id) };
        if (shown.at(-1) !== record.data?.priority) shown.push(record.data?.priority);
        return { record, update: hooks.useUpdate('tickets') };
      },
      { wrapper: tab.wrapper },
    );
    await waitFor(() => expect(result.current.record.data?.priority).toBe('low'));
    await waitFor(() => expect(tab.sockets.subscribed()).toBe(1));

    // The version in hand goes stale; the refusal (412) is held back while they write again.
    await r.as(agent).client.update('tickets', t.id, { priority: 'normal' });
    await waitFor(() => expect(result.current.record.data?.priority).toBe('normal'));
    const release = tab.hold('PATCH', `/tickets/${t.id}`);
    act(() => result.current.update.mutate({ id: t.id, patch: { priority: 'urgent' }, version: t.version }));
    await waitFor(() => expect(result.current.record.data?.priority).toBe('urgent'));
    const theirs = await r.as(agent).client.update('tickets', t.id, { priority: 'high' });
    await waitFor(() =>
      expect(result.current.record.data).toMatchObject({ priority: 'high', version: theirs.version }),
    );
    release();
    await waitFor(() => expect(result.current.update.error?.code).toBe('VERSION_MISMATCH'));
    expect(result.current.record.data).toMatchObject({ priority: 'high', version: theirs.version });
    expect(shown.slice(shown.indexOf('high'))).toEqual(['high']);
    unmount();
  });

  it('useUpdate rolls back a value the server refuses as invalid, with the failing field', async () => {
    const t = await ticket('Invalid optimistic');
    const { tab, result, unmount } = render(t.id);
    await waitFor(() => expect(result.current.record.data?.tags).toEqual([]));

    const release = tab.hold('PATCH', `/tickets/${t.id}`);
    const tooLong = 'x'.repeat(40);
    act(() => result.current.update.mutate({ id: t.id, patch: { tags: [tooLong] } }));
    await waitFor(() => expect(result.current.record.data?.tags).toEqual([tooLong]));
    release();
    await waitFor(() => expect(result.current.update.error?.code).toBe('VALIDATION_FAILED'));
    expect(result.current.update.error?.fieldErrors.map((e) => e.path)).toEqual(['tags.0']);
    expect(result.current.record.data?.tags).toEqual([]);
    unmount();
  });

  it('useUpdate keeps what the server accepted', async () => {
    const t = await ticket('Accepted optimistic');
    const { result, unmount } = render(t.id);
    await waitFor(() => expect(result.current.record.data?.version).toBe(t.version));
    await act(() =>
      result.current.update.mutateAsync({ id: t.id, patch: { category: 'billing' }, version: t.version }),
    );
    expect(result.current.record.data).toMatchObject({ category: 'billing', version: t.version + 1 });
    unmount();
  });

  it('useTransition shows the new state at once and rolls back when refused (INVALID_TRANSITION)', async () => {
    const t = await ticket('Refused transition');
    const { tab, result, unmount } = render(t.id);
    await waitFor(() => expect(result.current.record.data?.status).toBe('new'));
    await waitFor(() => expect(result.current.list.data?.items[0]?.status).toBe('new'));

    const release = tab.hold('POST', `/tickets/${t.id}/transitions/resolve`);
    act(() =>
      result.current.transition.mutate({
        id: t.id,
        name: 'resolve',
        input: { resolution: 'Fixed it.' },
        to: 'resolved',
      }),
    );
    await waitFor(() => expect(result.current.record.data?.status).toBe('resolved'));
    expect(result.current.list.data?.items[0]?.status).toBe('resolved');
    release();
    await waitFor(() => expect(result.current.transition.error?.code).toBe('INVALID_TRANSITION'));
    expect(result.current.transition.error?.status).toBe(409);
    expect(result.current.record.data?.status).toBe('new');
    expect(result.current.list.data?.items[0]?.status).toBe('new');
    unmount();
  });

  it('useTransition with a stale version is refused (VERSION_MISMATCH) and rolls back; with the fresh one it runs', async () => {
    const t = await ticket('Stale transition');
    const { result, unmount } = render(t.id);
    await waitFor(() => expect(result.current.record.data?.status).toBe('new'));
    // Someone else writes first: the version in hand is now stale.
    const theirs = await r.as(agent).client.update('tickets', t.id, { priority: 'urgent' });
    const stale = await act(() =>
      result.current.transition
        .mutateAsync({ id: t.id, name: 'triage', input: {}, to: 'open', version: t.version })
        .catch((e: unknown) => e),
    );
    expect(stale).toMatchObject({ code: 'VERSION_MISMATCH', status: 412 });
    await waitFor(() => expect(result.current.record.data?.status).toBe('new'));
    expect((await r.as(agent).client.get('tickets', t.id)).status).toBe('new');
    await act(() =>
      result.current.transition.mutateAsync({
        id: t.id,
        name: 'triage',
        input: {},
        to: 'open',
        version: theirs.version,
      }),
    );
    expect(result.current.record.data).toMatchObject({ status: 'open', priority: 'urgent' });
    unmount();
  });
});
