// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

// Each hook's result is spread so it is watched whole, as a component showing all of it would.
describe('the hooks that read history, the audit log and the rates', () => {
  let r: ReactHarness;
  let admin: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    r = await startReactHarness('sqlite');
    admin = await r.user('admin');
    agent = await r.user('agent');
  });
  afterAll(() => r.close());

  it('useHistory lists a record’s changes and follows a change made elsewhere', async () => {
    const customer = await r.user('customer');
    const t = await r.as(customer).client.create('tickets', { subject: 'History hook', description: 'x' });
    const reader = r.as(agent);
    const { result, unmount } = renderHook(() => ({ ...hooks.useHistory('tickets', t.id) }), {
      wrapper: reader.wrapper,
    });
    await waitFor(() => expect(result.current.data?.map((e) => e.operation)).toEqual(['create']));
    await waitFor(() => expect(reader.sockets.subscribed()).toBe(1));
    await r.as(agent).client.transition('tickets', t.id, 'triage', {});
    await waitFor(() => expect(result.current.data?.map((e) => e.name)).toEqual([null, 'triage']));
    unmount();
  });

  it('useHistory opens no subscription of its own with live: false', async () => {
    const customer = await r.user('customer');
    const t = await r.as(customer).client.create('tickets', { subject: 'Quiet history', description: 'x' });
    const reader = r.as(agent);
    const { result, unmount } = renderHook(
      () => ({ ...hooks.useHistory('tickets', t.id, { live: false }) }),
      {
        wrapper: reader.wrapper,
      },
    );
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(reader.sockets.subscribed()).toBe(0);
    unmount();
  });

  it('useAudit pages through the log, and a new query replaces the entries', async () => {
    const customer = await r.user('customer');
    for (const n of [1, 2, 3])
      await r.as(customer).client.create('tickets', { subject: `Audit ${n}`, description: 'x' });
    const { result, rerender, unmount } = renderHook(
      ({ actor }: { actor: string }) => ({ ...hooks.useAudit({ actor, limit: 2 }) }),
      { wrapper: r.as(admin).wrapper, initialProps: { actor: customer.id } },
    );
    await waitFor(() => expect(result.current.data?.pages[0]?.items).toHaveLength(2));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages.flatMap((p) => p.items)).toHaveLength(3));
    expect(result.current.hasNextPage).toBe(false);
    rerender({ actor: agent.id });
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data?.pages.flatMap((p) => p.items).every((e) => e.actor === agent.id)).toBe(true);
    unmount();
  });

  it('useAudit and useRates answer FORBIDDEN to someone not an admin', async () => {
    const { result, unmount } = renderHook(
      () => ({ audit: { ...hooks.useAudit() }, rates: { ...hooks.useRates() } }),
      {
        wrapper: r.as(agent).wrapper,
      },
    );
    await waitFor(() => expect(result.current.audit.error?.code).toBe('FORBIDDEN'));
    await waitFor(() => expect(result.current.rates.error?.code).toBe('FORBIDDEN'));
    unmount();
  });

  it('useRates reads the rate windows for an admin', async () => {
    const { result, unmount } = renderHook(() => ({ ...hooks.useRates() }), { wrapper: r.as(admin).wrapper });
    await waitFor(() => expect(result.current.data?.items.length).toBeGreaterThan(0));
    expect(typeof result.current.data?.shared).toBe('boolean');
    unmount();
  });
});
