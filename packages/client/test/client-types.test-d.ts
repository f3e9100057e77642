import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type AppErrorOf,
  createClient,
  type MailEntry,
  type NinefoldError,
  type SessionEvent,
  type SignedIn,
  type VerifyEmailAnswer,
} from '../src/index';

type Helpdesk = typeof app;
const c = createClient<Helpdesk>();

describe('the helpdesk client is typed from the spec', () => {
  test('records carry the spec’s field types', async () => {
    const t = await c.get('tickets', 'x');
    expectTypeOf(t.priority).toEqualTypeOf<'low' | 'normal' | 'high' | 'urgent'>();
    expectTypeOf(t.status).toEqualTypeOf<'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled'>();
  });

  test('a wrong entity, field, filter value, transition or action input is a type error', () => {
    // @ts-expect-error no such entity
    void c.list('tickts');
    // @ts-expect-error no such field to filter on
    void c.list('tickets', { where: { colour: 'red' } });
    // @ts-expect-error not a priority
    void c.list('tickets', { where: { priority: 'extreme' } });
    // @ts-expect-error not a field to sort on
    void c.list('tickets', { sort: '-colour' });
    // @ts-expect-error no such transition
    void c.transition('tickets', 'id', 'explode', {});
    // @ts-expect-error resolve needs a resolution
    void c.transition('tickets', 'id', 'resolve', {});
    // @ts-expect-error assignToMe takes a ticketId
    void c.action('assignToMe', { ticket: 'x' });
    // @ts-expect-error subject is required on create
    void c.create('tickets', { description: 'x' });
    // @ts-expect-error status is not writable
    void c.update('tickets', 'id', { status: 'closed' });
  });

  test('the error union includes OPEN_TICKET_LIMIT with its max parameter', () => {
    type E = AppErrorOf<Helpdesk>;
    expectTypeOf<Extract<E, { code: 'OPEN_TICKET_LIMIT' }>['params']>().toEqualTypeOf<{ max: number }>();
    expectTypeOf<Extract<E, { code: 'REOPEN_WINDOW_EXPIRED' }>['params']>().toEqualTypeOf<{ days: number }>();
    expectTypeOf<'NOPE'>().not.toExtend<E['code']>();
  });

  test('client.isError narrows a caught error to the app’s union, or to one code, with no cast', () => {
    const e: unknown = new Error('x');
    if (c.isError(e)) {
      expectTypeOf(e).toEqualTypeOf<AppErrorOf<Helpdesk>>();
      expectTypeOf(e.code).toEqualTypeOf<AppErrorOf<Helpdesk>['code']>();
      expectTypeOf<'NETWORK' | 'OPEN_TICKET_LIMIT' | 'VERSION_MISMATCH'>().toExtend<typeof e.code>();
      if (e.code === 'REOPEN_WINDOW_EXPIRED') expectTypeOf(e.params.days).toEqualTypeOf<number>();
      // @ts-expect-error only OPEN_TICKET_LIMIT has max, and the code is not narrowed yet
      void e.params.max;
      // @ts-expect-error not a code of the helpdesk
      if (e.code === 'OPEN_TICKET_LIMITS') void e;
    }
    if (c.isError(e, 'OPEN_TICKET_LIMIT')) {
      expectTypeOf(e.code).toEqualTypeOf<'OPEN_TICKET_LIMIT'>();
      expectTypeOf(e.params).toEqualTypeOf<{ max: number }>();
      expectTypeOf(e).toExtend<NinefoldError>();
      expectTypeOf(e).toExtend<Error>();
      // @ts-expect-error OPEN_TICKET_LIMIT's message has no {days}
      void e.params.days;
    }
    if (c.isError(e, 'VERSION_MISMATCH')) expectTypeOf(e.params).toEqualTypeOf<Record<string, never>>();
    if (c.isError(e, 'NETWORK')) expectTypeOf(e.params).toEqualTypeOf<Record<string, never>>();
    // @ts-expect-error not a code of the helpdesk
    void c.isError(e, 'OPEN_TICKET_LIMITS');
  });

  test('an untyped app’s errors are the loose NinefoldError', () => {
    const loose = createClient<any>();
    const e: unknown = null;
    if (loose.isError(e, 'ANYTHING')) expectTypeOf(e).toEqualTypeOf<NinefoldError>();
  });

  test('session events carry the user typed by the app, and their cause', () => {
    c.auth.onChange((user, event) => {
      expectTypeOf(user?.role).toEqualTypeOf<'customer' | 'agent' | 'admin' | undefined>();
      expectTypeOf(event).toEqualTypeOf<SessionEvent<Helpdesk>>();
      if (event.type === 'userChanged') expectTypeOf(event.cause).toEqualTypeOf<'server'>();
      if (event.type === 'signedOut') expectTypeOf(event.user).toEqualTypeOf<null>();
    });
  });

  test('actions answer their declared output', async () => {
    const out = await c.action('assignToMe', { ticketId: 'x' });
    expectTypeOf(out).toEqualTypeOf<{ id: string; status: string; assignee: string }>();
  });
});

describe('the account calls are typed by the app', () => {
  test('roles are the helpdesk’s roles', async () => {
    const invitation = await c.invitations.create({ email: 'ada@example.com', role: 'agent' });
    expectTypeOf(invitation.role).toEqualTypeOf<'customer' | 'agent' | 'admin'>();
    // @ts-expect-error not a role of the helpdesk
    void c.invitations.create({ email: 'ada@example.com', role: 'manager' });
    // @ts-expect-error an invitation needs a role
    void c.invitations.create({ email: 'ada@example.com' });
    const key = await c.apiKeys.create({ name: 'CI', role: 'customer', expiresAt: new Date() });
    expectTypeOf(key.key).toEqualTypeOf<string>();
    expectTypeOf(key.role).toEqualTypeOf<'customer' | 'agent' | 'admin'>();
    // @ts-expect-error not a role of the helpdesk
    void c.apiKeys.create({ name: 'CI', role: 'robot' });
    const [listed] = await c.apiKeys.list();
    // A listed key never holds the key itself.
    expectTypeOf(listed!).not.toHaveProperty('key');
    expectTypeOf(await c.mail.list()).toEqualTypeOf<MailEntry[]>();
    expectTypeOf(c.invitations.revoke).returns.toEqualTypeOf<Promise<void>>();
  });

  test('links followed that sign in answer the session, the rest nothing', async () => {
    const signedIn = await c.auth.resetPassword({ token: 't', password: 'p' });
    expectTypeOf(signedIn).toEqualTypeOf<SignedIn<Helpdesk>>();
    expectTypeOf(signedIn.user.role).toEqualTypeOf<'customer' | 'agent' | 'admin'>();
    expectTypeOf(await c.auth.acceptInvitation({ token: 't', password: 'p' })).toEqualTypeOf<
      SignedIn<Helpdesk>
    >();
    expectTypeOf(await c.auth.verifyEmail({ token: 't' })).toEqualTypeOf<VerifyEmailAnswer>();
    expectTypeOf(c.auth.signOutEverywhere).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(c.auth.requestPasswordReset).returns.toEqualTypeOf<Promise<void>>();
    // @ts-expect-error a password change needs the current password
    void c.auth.changePassword({ password: 'new one' });
    // @ts-expect-error an email change needs the current password
    void c.auth.changeEmail({ email: 'x@y.test' });
  });
});
