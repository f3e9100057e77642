// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type Tab, type TestUser } from './react-harness';

describe('the notification hooks against a real server', () => {
  let r: ReactHarness;
  let agent: TestUser;
  let customer: TestUser;
  let ticketId: string;

  const reply = async (body: string) => {
    await r.as(customer).client.create('comments', { ticket: ticketId, body });
    // Whatever the notifications wait for in the queue (nothing, when made in the write) runs now.
    await r.t.runJobs();
  };
  const screen = () => ({
    list: hooks.useNotifications(),
    markRead: hooks.useMarkRead(),
    markAll: hooks.useMarkAllRead(),
  });

  beforeAll(async () => {
    r = await startReactHarness('sqlite');
    agent = await r.user('agent');
    customer = await r.user('customer');
    const t = await r.as(customer).client.create('tickets', {
      subject: 'The scanner jams on every page',
      description: 'Since Monday.',
      priority: 'normal',
      category: 'technical',
    });
    ticketId = t.id;
    await r.as(agent).client.transition('tickets', ticketId, 'triage', { assignee: agent.id });
  });
  afterAll(() => r.close());

  it('shows a new notification live, and a list that does not listen does not', async () => {
    const tab: Tab = r.as(agent);
    const live = renderHook(screen, { wrapper: tab.wrapper });
    const still = renderHook(() => hooks.useNotifications({ live: false }), { wrapper: r.as(agent).wrapper });
    await waitFor(() => expect(live.result.current.list.isSuccess).toBe(true));
    await waitFor(() => expect(still.result.current.isSuccess).toBe(true));
    expect(live.result.current.list.unread).toBe(0);
    // The socket is open (the listener opened it) before the reply is written.
    await waitFor(() => expect(tab.sockets.ready()).toBeGreaterThan(0));

    await reply('Still jamming, page 3 this time.');
    await waitFor(() => expect(live.result.current.list.unread).toBe(1));
    const [item] = live.result.current.list.items;
    expect(item).toMatchObject({
      notification: 'customerReplied',
      title: 'The customer replied on "The scanner jams on every page"',
      link: { entity: 'tickets', id: ticketId },
      readAt: null,
    });
    // Heard once, though the list was also read again after it.
    expect(live.result.current.list.items.filter((i) => i.id === item!.id)).toHaveLength(1);
    expect(still.result.current.unread).toBe(0);
    expect(still.result.current.items).toEqual([]);

    await act(() => live.result.current.markRead.mutateAsync(item!.id));
    expect(live.result.current.list.unread).toBe(0);
    expect(live.result.current.list.items[0]?.readAt).not.toBeNull();
    expect((await r.as(agent).client.notifications.list()).unread).toBe(0);

    await reply('And page 5.');
    await reply('And page 7.');
    await waitFor(() => expect(live.result.current.list.unread).toBe(2));
    await act(() => live.result.current.markAll.mutateAsync());
    expect(live.result.current.list.unread).toBe(0);
    expect(live.result.current.list.items.every((i) => i.readAt !== null)).toBe(true);
    expect((await r.as(agent).client.notifications.list()).unread).toBe(0);
    live.unmount();
    still.unmount();
  });

  it("lists the person's channels and changes one", async () => {
    const screenPrefs = () => ({
      prefs: { ...hooks.useNotificationPreferences() },
      set: hooks.useSetNotificationPreferences(),
    });
    const { result, unmount } = renderHook(screenPrefs, { wrapper: r.as(agent).wrapper });
    await waitFor(() => expect(result.current.prefs.isSuccess).toBe(true));
    const replied = () => result.current.prefs.data?.items.find((p) => p.notification === 'customerReplied');
    expect(replied()).toMatchObject({ label: 'A customer replied to my ticket', app: true, email: true });

    await act(() => result.current.set.mutateAsync({ customerReplied: { email: false } }));
    expect(replied()).toMatchObject({ app: true, email: false });
    const stored = await r.as(agent).client.notifications.preferences();
    expect(stored.items.find((p) => p.notification === 'customerReplied')).toMatchObject({ email: false });
    unmount();
  });

  it('lists jobs by kind and retries a cancelled one', async () => {
    const admin = await r.user('admin');
    // Resolving plans the ticket's closing; reopening cancels it.
    await r.as(agent).client.transition('tickets', ticketId, 'resolve', { resolution: 'New rollers.' });
    await r.as(customer).client.transition('tickets', ticketId, 'reopen', {});
    const jobsScreen = () => ({ jobs: hooks.useJobs({ kind: 'timer' }), retry: hooks.useRetryJob() });
    const { result, unmount } = renderHook(jobsScreen, { wrapper: r.as(admin).wrapper });
    await waitFor(() => expect(result.current.jobs.isSuccess).toBe(true));
    const close = result.current.jobs.items.find((j) => j.recordId === ticketId && j.name === 'close');
    expect(close).toMatchObject({ kind: 'timer', status: 'cancelled', entity: 'tickets' });
    expect(result.current.jobs.items.every((j) => j.kind === 'timer')).toBe(true);

    await act(() => result.current.retry.mutateAsync(close!.id));
    await waitFor(() =>
      expect(result.current.jobs.items.find((j) => j.id === close!.id)?.status).toBe('queued'),
    );
    // An agent is not an admin: the queue is refused in the catalogue's words.
    const refused = renderHook(() => hooks.useJobs(), { wrapper: r.as(agent).wrapper });
    await waitFor(() => expect(refused.result.current.error?.code).toBe('FORBIDDEN'));
    refused.unmount();
    unmount();
  });
});
