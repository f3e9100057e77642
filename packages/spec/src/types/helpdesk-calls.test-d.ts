/**
 * Inference end to end over the real helpdesk spec: transitions, actions and the error
 * catalogue, as the client SDK and the hooks will see them.
 */

import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type ActionInputOf,
  type ActionName,
  type ActionOutputOf,
  type BuiltinErrorCode,
  defineApp,
  type ErrorCode,
  type ErrorParams,
  type QuotaName,
  type StateFieldOf,
  type StateName,
  type TransitionInput,
  type TransitionName,
} from '../index';

type App = typeof app;

describe('transitions', () => {
  test('tickets has exactly the seven transitions', () => {
    expectTypeOf<TransitionName<App, 'tickets'>>().toEqualTypeOf<
      'triage' | 'await' | 'respond' | 'resolve' | 'reopen' | 'close' | 'withdraw'
    >();
  });

  test('an entity without a state machine has none', () => {
    expectTypeOf<TransitionName<App, 'comments'>>().toBeNever();
  });

  test('resolve requires its resolution text', () => {
    expectTypeOf<TransitionInput<App, 'tickets', 'resolve'>>().toEqualTypeOf<{ resolution: string }>();
  });

  test('triage may set assignee and team; both are optional', () => {
    expectTypeOf<TransitionInput<App, 'tickets', 'triage'>>().toEqualTypeOf<{
      assignee?: string | null;
      team?: string | null;
    }>();
  });

  test('a transition without input takes an empty object', () => {
    expectTypeOf<TransitionInput<App, 'tickets', 'close'>>().toEqualTypeOf<{}>();
  });

  test('an unknown transition is refused', () => {
    // @ts-expect-error tickets has no transition 'escalate'
    expectTypeOf<TransitionInput<App, 'tickets', 'escalate'>>().toBeObject();
  });
});

describe('actions', () => {
  test('names', () => {
    expectTypeOf<ActionName<App>>().toEqualTypeOf<'assignToMe' | 'ticketStats'>();
  });

  test('assignToMe takes a ticket id and answers id, status and assignee', () => {
    expectTypeOf<ActionInputOf<App, 'assignToMe'>>().toEqualTypeOf<{ ticketId: string }>();
    expectTypeOf<ActionOutputOf<App, 'assignToMe'>>().toEqualTypeOf<{
      id: string;
      status: string;
      assignee: string;
    }>();
  });

  test('ticketStats takes nothing and answers two maps', () => {
    expectTypeOf<ActionInputOf<App, 'ticketStats'>>().toEqualTypeOf<{}>();
    expectTypeOf<ActionOutputOf<App, 'ticketStats'>>().toHaveProperty('byStatus');
    expectTypeOf<ActionOutputOf<App, 'ticketStats'>>().toHaveProperty('byPriority');
    expectTypeOf<ActionOutputOf<App, 'ticketStats'>>().toEqualTypeOf<{
      byStatus: Record<string, number>;
      byPriority: Record<string, number>;
    }>();
  });

  test('an unknown action is refused', () => {
    // @ts-expect-error no action 'closeAll'
    expectTypeOf<ActionInputOf<App, 'closeAll'>>().toBeObject();
  });
});

describe('errors', () => {
  type Code = ErrorCode<App>;

  test('the catalogue is the built-in codes plus the app codes', () => {
    expectTypeOf<BuiltinErrorCode>().toExtend<Code>();
    expectTypeOf<'OPEN_TICKET_LIMIT'>().toExtend<Code>();
    expectTypeOf<Code>().toEqualTypeOf<
      | BuiltinErrorCode
      | 'TICKET_CLOSED'
      | 'OPEN_TICKET_LIMIT'
      | 'ASSIGNEE_NOT_AGENT'
      | 'REOPEN_WINDOW_EXPIRED'
      | 'SATISFACTION_NOT_ALLOWED'
    >();
    expectTypeOf<'NOPE'>().not.toExtend<Code>();
  });

  test('the built-in codes are the ones DESIGN.md lists', () => {
    expectTypeOf<BuiltinErrorCode>().toEqualTypeOf<
      | 'MALFORMED_REQUEST'
      | 'UNAUTHENTICATED'
      | 'INVALID_CREDENTIALS'
      | 'FORBIDDEN'
      | 'EMAIL_NOT_VERIFIED'
      | 'INVALID_TOKEN'
      | 'NOT_FOUND'
      | 'VERSION_MISMATCH'
      | 'INVALID_TRANSITION'
      | 'LIMIT_EXCEEDED'
      | 'PAYLOAD_TOO_LARGE'
      | 'VALIDATION_FAILED'
      | 'STILL_REFERENCED'
      | 'HEADERS_TOO_LARGE'
      | 'REQUEST_TIMEOUT'
      | 'RATE_LIMITED'
      | 'INTERNAL'
      | 'UNAVAILABLE'
    >();
  });

  test('params are read off the message template, typed where the error declares them', () => {
    expectTypeOf<ErrorParams<App, 'OPEN_TICKET_LIMIT'>>().toEqualTypeOf<{ max: number }>();
    expectTypeOf<ErrorParams<App, 'REOPEN_WINDOW_EXPIRED'>>().toEqualTypeOf<{ days: number }>();
    expectTypeOf<ErrorParams<App, 'RATE_LIMITED'>>().toEqualTypeOf<{ retryAfter: number }>();
    expectTypeOf<ErrorParams<App, 'LIMIT_EXCEEDED'>>().toEqualTypeOf<{ limit: string; max: number }>();
    // @ts-expect-error max is declared a number
    const wrong: ErrorParams<App, 'OPEN_TICKET_LIMIT'> = { max: 'five' };
    void wrong;
  });

  test('an undeclared param type stays string | number', () => {
    const tiny = defineApp({
      about: { name: 'T', summary: 'T.', audience: 'T.' },
      roles: { member: {} },
      errors: { TOO_MANY: { status: 409, message: 'At most {max} of {kind}.', params: { max: 'number' } } },
      entities: {},
    });
    expectTypeOf<ErrorParams<typeof tiny, 'TOO_MANY'>>().toEqualTypeOf<{
      max: number;
      kind: string | number;
    }>();
  });

  test('a message without placeholders takes no params', () => {
    expectTypeOf<ErrorParams<App, 'TICKET_CLOSED'>>().toEqualTypeOf<Record<string, never>>();
    const none: ErrorParams<App, 'TICKET_CLOSED'> = {};
    // @ts-expect-error TICKET_CLOSED has no {max}
    const extra: ErrorParams<App, 'TICKET_CLOSED'> = { max: 5 };
    expectTypeOf(none).toEqualTypeOf(extra);
  });

  test('an undeclared code is refused', () => {
    // @ts-expect-error 'NOPE' is not in the catalogue
    expectTypeOf<ErrorParams<App, 'NOPE'>>().toBeObject();
  });
});

describe('states and quotas', () => {
  test('tickets keep their state in status, one of six states', () => {
    expectTypeOf<StateFieldOf<App, 'tickets'>>().toEqualTypeOf<'status'>();
    expectTypeOf<StateName<App, 'tickets'>>().toEqualTypeOf<
      'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled'
    >();
  });

  test('an entity without a state machine has no state field and no states', () => {
    expectTypeOf<StateFieldOf<App, 'comments'>>().toBeNever();
    expectTypeOf<StateName<App, 'comments'>>().toBeNever();
  });

  test('the quota names are the declared ones; an app without quotas has none', () => {
    expectTypeOf<QuotaName<App>>().toEqualTypeOf<'openTickets'>();
    const bare = defineApp({ about: { name: 'B', summary: 'B.', audience: 'B.' }, roles: {}, entities: {} });
    expectTypeOf<QuotaName<typeof bare>>().toBeNever();
  });

  test('an untyped app names them with plain strings', () => {
    expectTypeOf<StateName<any, 'anything'>>().toEqualTypeOf<string>();
    expectTypeOf<StateFieldOf<any, 'anything'>>().toEqualTypeOf<string>();
  });
});
