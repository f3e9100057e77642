import app from '@ninefold/example-helpdesk';
import {
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestMailbox,
  testDialects,
  testMailbox,
} from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type SessionEvent } from '../src/index';

type Helpdesk = typeof app;

const tokenIn = (mailbox: TestMailbox, mail: Parameters<TestMailbox['linkIn']>[0], route: string) =>
  new URL(mailbox.linkIn(mail, route)).searchParams.get('token')!;

// The client under test is made here, from its own sources; the kit runs the server and a
// real SMTP server the app's mail goes to.
describe.each(testDialects())('the client’s account calls against a real server on %s', (dialect) => {
  let mailbox: TestMailbox;
  let t: TestApp<Helpdesk>;
  let adminToken: string;
  let n = 0;
  const client = (token: string | null = null) => createClient<Helpdesk>({ url: t.url, token });
  const email = (who: string) => `${who}-${dialect}-${++n}@client.test`;
  const account = async (role: 'customer' | 'agent' | 'admin') => {
    const user = await t.createUser(role, { email: email(role) });
    const c = client();
    await c.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    return { user, c };
  };

  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(app, { database: dialect, mail: mailbox });
    adminToken = (await t.clientAs('admin')).auth.token!;
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('creates, lists and revokes an API key, and the key works as a token until revoked', async () => {
    const { user, c } = await account('agent');
    const made = await c.apiKeys.create({ name: 'CI', expiresAt: new Date(Date.now() + 86_400_000) });
    expect(made).toMatchObject({ name: 'CI', role: 'agent', userId: user.id });
    expect(made.key).toMatch(/^nfk_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const listed = await c.apiKeys.list();
    expect(listed.map((k) => k.id)).toEqual([made.id]);
    expect(listed[0]).not.toHaveProperty('key');

    const script = client(made.key);
    expect((await script.auth.me())?.id).toBe(user.id);
    await expect(script.list('tickets')).resolves.toMatchObject({ items: expect.any(Array) });
    // A request made with a key may not make keys.
    await expect(script.apiKeys.create({ name: 'Another' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await c.apiKeys.revoke(made.id);
    expect(await c.apiKeys.list()).toEqual([]);
    await expect(script.list('tickets')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('narrows a key to a role the spec allows, and refuses a role it does not', async () => {
    const { c } = await account('customer');
    await expect(c.apiKeys.create({ name: 'Mine', role: 'customer' })).resolves.toMatchObject({
      role: 'customer',
    });
    const refused = await c.apiKeys.create({ name: 'Too much', role: 'admin' }).catch((e: unknown) => e);
    if (!c.isError(refused, 'VALIDATION_FAILED'))
      throw new Error(`expected VALIDATION_FAILED, got ${refused}`);
    expect(refused.fieldErrors.map((e) => e.path)).toEqual(['role']);
    expect((await c.apiKeys.list()).map((k) => k.name)).toEqual(['Mine']);
  });

  it('invites by mail; the invitee accepts with the link, signed in, and the invitation is gone', async () => {
    const admin = client(adminToken);
    const to = email('invitee');
    const invitation = await admin.invitations.create({ email: to, role: 'agent', name: 'Ines' });
    expect(invitation).toMatchObject({ email: to, role: 'agent', name: 'Ines', status: 'pending' });
    expect((await admin.invitations.list()).map((i) => i.id)).toContain(invitation.id);

    const token = tokenIn(mailbox, await mailbox.next(to), '/accept-invite');
    const invitee = client();
    const events: SessionEvent<Helpdesk>[] = [];
    invitee.auth.onChange((_, e) => events.push(e));
    const { user } = await invitee.auth.acceptInvitation({ token, password: 'a long new password' });
    expect(user).toMatchObject({ email: to, role: 'agent', name: 'Ines', emailVerified: true });
    expect(events).toEqual([{ type: 'signedIn', user, cause: 'client' }]);
    expect(invitee.auth.token).not.toBeNull();
    expect((await invitee.auth.me())?.id).toBe(user.id);
    expect((await admin.invitations.list()).map((i) => i.id)).not.toContain(invitation.id);
    // The link worked once.
    await expect(
      client().auth.acceptInvitation({ token, password: 'another long password' }),
    ).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('revokes an invitation: its link no longer works', async () => {
    const admin = client(adminToken);
    const to = email('revoked');
    const invitation = await admin.invitations.create({ email: to, role: 'customer' });
    const token = tokenIn(mailbox, await mailbox.next(to), '/accept-invite');
    await admin.invitations.revoke(invitation.id);
    expect((await admin.invitations.list()).map((i) => i.id)).not.toContain(invitation.id);
    await expect(
      client().auth.acceptInvitation({ token, password: 'a long new password' }),
    ).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('resets a forgotten password: signed in by the link, every other session ended', async () => {
    const { user, c: other } = await account('customer');
    const visitor = client();
    await visitor.auth.requestPasswordReset({ email: user.email });
    // An address with no account is answered the same.
    await expect(visitor.auth.requestPasswordReset({ email: email('nobody') })).resolves.toBeUndefined();
    const token = tokenIn(mailbox, await mailbox.next(user.email), '/reset-password');
    const events: SessionEvent<Helpdesk>[] = [];
    visitor.auth.onChange((_, e) => events.push(e));
    const { user: signedIn } = await visitor.auth.resetPassword({ token, password: 'a brand new password' });
    expect(signedIn.id).toBe(user.id);
    expect(events.map((e) => e.type)).toEqual(['signedIn']);
    expect(await other.auth.me()).toBeNull();
    await expect(
      client().auth.signIn({ email: user.email, password: 'a brand new password' }),
    ).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('changes the password (other sessions end, this one goes on) and signs out everywhere', async () => {
    const { user, c } = await account('customer');
    const second = client();
    await second.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    await expect(
      c.auth.changePassword({ currentPassword: 'not the password', password: 'a brand new password' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await c.auth.changePassword({ currentPassword: TEST_PASSWORD, password: 'a brand new password' });
    expect((await c.auth.me())?.id).toBe(user.id);
    expect(await second.auth.me()).toBeNull();

    const third = client();
    await third.auth.signIn({ email: user.email, password: 'a brand new password' });
    const events: SessionEvent<Helpdesk>[] = [];
    c.auth.onChange((_, e) => events.push(e));
    await c.auth.signOutEverywhere();
    expect(events).toEqual([{ type: 'signedOut', user: null, cause: 'client' }]);
    expect(c.auth.token).toBeNull();
    expect(await third.auth.me()).toBeNull();
  });

  it('changes the email once the new address is confirmed by its link', async () => {
    const { user, c } = await account('customer');
    const next = email('moved');
    await c.auth.changeEmail({ email: next, currentPassword: TEST_PASSWORD });
    expect((await c.auth.me())?.email).toBe(user.email);
    const token = tokenIn(mailbox, await mailbox.next(next), '/verify-email');
    // The link works signed out, as it is opened from the mail.
    expect(await client().auth.verifyEmail({ token })).toEqual({ email: next });
    expect((await c.auth.me())?.email).toBe(next);
    await c.auth.resendVerification();
  });

  it('lists the mail the app sent, for admins only', async () => {
    const admin = client(adminToken);
    const to = email('logged');
    await admin.invitations.create({ email: to, role: 'customer' });
    await mailbox.next(to);
    // The mailbox may hold it a moment before the worker records it as sent.
    await vi.waitFor(async () =>
      expect((await admin.mail.list()).find((m) => m.to === to)).toMatchObject({
        message: 'invitation',
        status: 'sent',
      }),
    );
    const { c } = await account('agent');
    await expect(c.mail.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
