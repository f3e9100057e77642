// @vitest-environment jsdom

import { useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness, type TestUser } from './react-harness';

describe('the account hooks against a real server', () => {
  let r: ReactHarness;
  let admin: TestUser;

  beforeAll(async () => {
    r = await startReactHarness('sqlite');
    admin = await r.user('admin');
  });
  afterAll(() => r.close());

  it('makes, lists and revokes API keys; each mutation refreshes the list', async () => {
    const agent = await r.user('agent');
    const tab = r.as(agent);
    // Spread, a query's result is watched whole, not only in the fields read while rendering.
    const screen = () => ({
      keys: { ...hooks.useApiKeys() },
      create: hooks.useCreateApiKey(),
      revoke: hooks.useRevokeApiKey(),
    });
    const { result, unmount } = renderHook(screen, { wrapper: tab.wrapper });
    await waitFor(() => expect(result.current.keys.data).toEqual([]));

    const made = await act(() => result.current.create.mutateAsync({ name: 'Deploys' }));
    expect(made.key).toMatch(/^nfk_/);
    await waitFor(() => expect(result.current.keys.data?.map((k) => k.name)).toEqual(['Deploys']));
    // The key, shown once, signs a client in as its owner.
    expect((await r.t.client({ token: made.key }).auth.me())?.id).toBe(agent.id);

    await act(() => result.current.revoke.mutateAsync(made.id));
    await waitFor(() => expect(result.current.keys.data).toEqual([]));
    unmount();
  });

  it('forgets a new API key once nothing shows it: no mutation in the cache holds the key', async () => {
    const agent = await r.user('agent');
    const screen = () => ({ create: hooks.useCreateApiKey(), qc: useQueryClient() });
    const { result, unmount } = renderHook(screen, { wrapper: r.as(agent).wrapper });
    const made = await act(() => result.current.create.mutateAsync({ name: 'Shown once' }));
    const { qc } = result.current;
    const holding = () =>
      qc
        .getMutationCache()
        .getAll()
        .filter((m) => JSON.stringify(m.state).includes('nfk_'));
    // While the dialog shows it, the key is there to show.
    expect(holding()).toHaveLength(1);
    expect(JSON.stringify(holding()[0]?.state)).toContain(made.key);
    unmount();
    await waitFor(() => expect(holding()).toEqual([]));
    expect(qc.getMutationCache().getAll()).toEqual([]);
  });

  it('invites, lists and revokes invitations, and shows the mail in the outbox', async () => {
    const tab = r.as(admin);
    const screen = () => ({
      invitations: { ...hooks.useInvitations() },
      invite: hooks.useInvite(),
      revoke: hooks.useRevokeInvitation(),
      mail: { ...hooks.useMail() },
    });
    const { result, unmount } = renderHook(screen, { wrapper: tab.wrapper });
    await waitFor(() => expect(result.current.invitations.isSuccess).toBe(true));

    const email = 'hook-invitee@react.test';
    const invitation = await act(() => result.current.invite.mutateAsync({ email, role: 'agent' }));
    await waitFor(() => expect(result.current.invitations.data?.map((i) => i.email)).toContain(email));
    // The worker may hold it a moment (a pass of its own took it first).
    await r.t.nf.mailer.deliverDue();
    await waitFor(async () => {
      await act(() => result.current.mail.refetch());
      expect(result.current.mail.data?.find((m) => m.to === email)?.status).toBe('sent');
    });
    const mail = result.current.mail.data?.find((m) => m.to === email);
    expect(mail).toMatchObject({ message: 'invitation', status: 'sent' });
    // In development the outbox keeps the body, link and all.
    expect(mail?.text).toMatch(/\/accept-invite\?token=/);

    await act(() => result.current.revoke.mutateAsync(invitation.id));
    await waitFor(() => expect(result.current.invitations.data?.map((i) => i.email)).not.toContain(email));
    unmount();
  });

  it('signs in by accepting an invitation, and out everywhere', async () => {
    const email = 'hook-accept@react.test';
    await r.as(admin).client.invitations.create({ email, role: 'customer', name: 'Hana' });
    await r.t.nf.mailer.deliverDue();
    let text = '';
    await waitFor(async () => {
      text = (await r.as(admin).client.mail.list()).find((m) => m.to === email)?.text ?? '';
      expect(text).toContain('/accept-invite?token=');
    });
    const token = new URL(/https?:\/\/\S+\/accept-invite\?token=\S+/.exec(text)![0]).searchParams.get(
      'token',
    )!;

    const tab = r.tab(new Map());
    const { result, unmount } = renderHook(() => hooks.useAuth(), { wrapper: tab.wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    await act(() => result.current.acceptInvitation({ token, password: 'a long new password' }));
    await waitFor(() => expect(result.current.user).toMatchObject({ email, name: 'Hana', role: 'customer' }));

    await act(() => result.current.signOutEverywhere());
    await waitFor(() => expect(result.current.user).toBeNull());
    unmount();
  });
});
