import type { AppErrorOf, MetaAnswer, NinefoldError } from '@ninefold/client';
import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import { createNinefoldReact } from '../src/index';

type Helpdesk = typeof app;
type AppError = AppErrorOf<Helpdesk>;
const nf = createNinefoldReact<Helpdesk>();

describe('the hooks’ errors are the app’s error union', () => {
  test('queries and mutations', () => {
    expectTypeOf(nf.useList('tickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useRecord('tickets', 'id').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useUpdate('tickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useTransition('tickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useCreate('tickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useDelete('tickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useAction('assignToMe').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useQuota('openTickets').error).toEqualTypeOf<AppError | null>();
    expectTypeOf(nf.useAuth().error).toEqualTypeOf<AppError | null>();
  });

  test('narrowing on code types the parameters, with no cast', () => {
    const error = nf.useCreate('tickets').error;
    if (error?.code === 'OPEN_TICKET_LIMIT') expectTypeOf(error.params).toEqualTypeOf<{ max: number }>();
    if (error?.code === 'VALIDATION_FAILED')
      expectTypeOf(error.fieldErrors[0]?.path).toEqualTypeOf<string | undefined>();
    // @ts-expect-error not a code of the helpdesk
    if (error?.code === 'OPEN_TICKET_LIMITS') void error;
    // @ts-expect-error the code is not narrowed, and most codes have no max
    void error?.params.max;
  });

  test('an untyped app’s hooks give the loose NinefoldError', () => {
    const loose = createNinefoldReact<any>();
    expectTypeOf(loose.useList('anything').error).toEqualTypeOf<NinefoldError | null>();
  });

  test('useMeta answers the meta as the contract types it, with no cast', () => {
    expectTypeOf(nf.useMeta().data).toEqualTypeOf<MetaAnswer | undefined>();
    expectTypeOf(nf.useMeta().data?.auth.password.min).toEqualTypeOf<number | undefined>();
  });

  test('useAuth’s user is the app’s user record', () => {
    expectTypeOf(nf.useAuth().user?.role).toEqualTypeOf<'customer' | 'agent' | 'admin' | undefined>();
  });
});

describe('the hooks take only the app’s names', () => {
  test('entities, transitions, states, actions and quotas', () => {
    // @ts-expect-error 'tikets' is not an entity of the helpdesk
    nf.useList('tikets');
    const transition = nf.useTransition('tickets', 'status');
    transition.mutate({ id: 'id', name: 'resolve', input: { resolution: 'Fixed.' }, to: 'resolved' });
    transition.mutate({ id: 'id', name: 'resolve', input: { resolution: 'Fixed.' }, version: 3 });
    // @ts-expect-error a version is a number, as the record's `version` is
    transition.mutate({ id: 'id', name: 'resolve', version: '3' });
    // @ts-expect-error 'solve' is not a transition of tickets
    transition.mutate({ id: 'id', name: 'solve' });
    // @ts-expect-error 'done' is not a state of tickets
    transition.mutate({ id: 'id', name: 'resolve', to: 'done' });
    // @ts-expect-error tickets keep their state in 'status'
    nf.useTransition('tickets', 'priority');
    // @ts-expect-error comments have no state machine, so no state field
    nf.useTransition('comments', 'status');
    // @ts-expect-error assignToMe takes a ticketId, not an id
    nf.useAction('assignToMe').mutate({ id: 'x' });
    // @ts-expect-error the helpdesk's quota is 'openTickets'
    nf.useQuota('openTicket');
  });

  test('an untyped app’s hooks take any names', () => {
    const loose = createNinefoldReact<any>();
    loose.useQuota('anything');
    loose.useTransition('anything', 'state').mutate({ id: 'id', name: 'go', to: 'somewhere' });
  });
});

describe('the account hooks are typed by the app', () => {
  type Role = 'customer' | 'agent' | 'admin';
  test('lists, their mutations, and the roles they name', () => {
    expectTypeOf(nf.useInvitations().data?.[0]?.role).toEqualTypeOf<Role | undefined>();
    expectTypeOf(nf.useInvitations().error).toEqualTypeOf<AppError | null>();
    nf.useInvite().mutate({ email: 'ada@example.com', role: 'agent', name: 'Ada' });
    // @ts-expect-error not a role of the helpdesk
    nf.useInvite().mutate({ email: 'ada@example.com', role: 'manager' });
    nf.useRevokeInvitation().mutate('id');
    expectTypeOf(nf.useApiKeys('bot-id').data?.[0]?.lastUsedAt).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(nf.useCreateApiKey().data?.key).toEqualTypeOf<string | undefined>();
    nf.useCreateApiKey().mutate({ name: 'CI', role: 'customer', expiresAt: new Date() });
    // @ts-expect-error not a role of the helpdesk
    nf.useCreateApiKey().mutate({ name: 'CI', role: 'robot' });
    nf.useRevokeApiKey().mutate('id');
    expectTypeOf(nf.useMail().data?.[0]?.status).toEqualTypeOf<
      'queued' | 'sent' | 'failed' | 'dropped' | undefined
    >();
    expectTypeOf(nf.useRevokeApiKey().error).toEqualTypeOf<AppError | null>();
  });

  test('useAuth follows the links of mail', async () => {
    const auth = nf.useAuth();
    expectTypeOf((await auth.resetPassword({ token: 't', password: 'p' })).user.role).toEqualTypeOf<Role>();
    expectTypeOf((await auth.acceptInvitation({ token: 't', password: 'p' })).token).toEqualTypeOf<string>();
    expectTypeOf((await auth.verifyEmail({ token: 't' })).email).toEqualTypeOf<string>();
    expectTypeOf(auth.signOutEverywhere).returns.toEqualTypeOf<Promise<void>>();
  });
});
