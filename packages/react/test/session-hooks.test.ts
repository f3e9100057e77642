// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

describe('useAuth follows a session the server ends', () => {
  let r: ReactHarness;
  let admin: TestUser;

  beforeAll(async () => {
    r = await startReactHarness('sqlite');
    admin = await r.user('admin');
  });
  afterAll(() => r.close());

  // Spread, the query's result is watched whole, not only in the fields read while rendering.
  const screen = () => ({ auth: hooks.useAuth(), list: { ...hooks.useList('tickets') } });

  it('shows the user signed out when the same session signs out through another client', async () => {
    const customer = await r.user('customer');
    const tab = r.as(customer);
    await r
      .as(customer)
      .client.create('tickets', { subject: 'Printer is on fire', description: 'Please help.' });
    const { result, unmount } = renderHook(screen, { wrapper: tab.wrapper });
    await waitFor(() => expect(result.current.auth.user?.id).toBe(customer.id));
    await waitFor(() => expect(result.current.list.data?.items).toHaveLength(1));
    await waitFor(() => expect(tab.sockets.subscribed()).toBe(1));

    await r.as(customer).client.auth.signOut();
    await waitFor(() => expect(result.current.auth.user).toBeNull());
    // What was read as them is gone from the screen, not left showing.
    await waitFor(() => expect(result.current.list.isError).toBe(true));
    expect(result.current.list.data).toBeUndefined();
    expect(tab.client.auth.token).toBeNull();
    unmount();
  });

  it('shows the other user when another tab of the browser signed in as someone else', async () => {
    const first = await r.user('customer');
    const second = await r.user('customer');
    const jar: CookieJar = new Map();
    const tab = r.tab(jar);
    const { result, unmount } = renderHook(screen, { wrapper: tab.wrapper });
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth.user).toBeNull();
    await act(() => result.current.auth.signIn({ email: first.email, password: first.password }));
    expect(tab.client.auth.token).toBeNull();
    await waitFor(() => expect(result.current.auth.user?.id).toBe(first.id));
    await waitFor(() => expect(tab.sockets.subscribed()).toBeGreaterThan(0));
    const before = tab.sockets.subscribed();

    // Another tab signs in as someone else (the cookie is theirs now), then the first
    // person's access changes, which ends their sessions: this tab is now the second person.
    await r.tab(jar).client.auth.signIn({ email: second.email, password: second.password });
    await r.as(admin).client.update('users', first.id, { role: 'agent' });
    await waitFor(() => expect(result.current.auth.user?.id).toBe(second.id));
    expect(tab.sockets.closes).toContain(4001);
    // The list is read again as them, on a socket opened as them.
    await waitFor(() => expect(tab.sockets.subscribed()).toBeGreaterThan(before));
    await waitFor(() => expect(result.current.list.data?.items).toEqual([]));
    unmount();
  });
});
