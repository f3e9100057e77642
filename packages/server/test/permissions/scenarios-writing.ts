/**
 * What a caller must never write: fields only staff or the server set, other people's rows,
 * their own role; what an agent and the signed out may not do.
 */
import { A, C, get, MISSING, patch, post, type Scenario, T, U } from './scenario';

export const CUSTOMER_CANNOT_CHANGE: readonly Scenario[] = [
  ...['priority', 'status', 'requester', 'version'].map(
    (field): Scenario => ({
      name: `${field} of their own ticket`,
      as: 'alice',
      request: (f) =>
        patch(`${T}/${f.aliceTicket.id}`, {
          [field]: { priority: 'urgent', status: 'closed', requester: f.bob.id, version: 7 }[field],
        }),
      status: 422,
      code: 'VALIDATION_FAILED',
      errors: [`${field}:read_only`],
    }),
  ),
  {
    name: 'all four at once: every one reported',
    as: 'alice',
    request: (f) =>
      patch(`${T}/${f.aliceTicket.id}`, {
        priority: 'urgent',
        status: 'closed',
        requester: f.bob.id,
        version: 7,
      }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['priority:read_only', 'status:read_only', 'requester:read_only', 'version:read_only'],
  },
  {
    name: 'a rating of their own ticket before it is resolved',
    as: 'alice',
    request: (f) => patch(`${T}/${f.aliceTicket.id}`, { satisfaction: 4 }),
    status: 422,
    code: 'SATISFACTION_NOT_ALLOWED',
  },
  {
    // Regression: `$can.update` leaves the rating out here, but a PATCH that leaves it as it
    // is changes nothing the rule guards, and the permission does name the field.
    name: 'the rating sent unchanged before resolution (allowed: nothing the rule guards changes)',
    as: 'alice',
    request: (f) => patch(`${T}/${f.aliceTicket.id}`, { satisfaction: null }),
    status: 200,
  },
  {
    name: 'the subject of their own new ticket (the control: allowed)',
    as: 'alice',
    request: (f) => patch(`${T}/${f.aliceTicket.id}`, { subject: 'Printer still on fire' }),
    status: 200,
  },
];

export const AGENT_CANNOT_DELETE: readonly Scenario[] = [
  {
    name: 'a ticket',
    as: 'agent',
    request: (f) => ({ method: 'DELETE', url: `${T}/${f.aliceTicket.id}` }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'a comment',
    as: 'agent',
    request: (f) => ({ method: 'DELETE', url: `${C}/${f.alicePublic}` }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'a customer deleting their own ticket',
    as: 'alice',
    request: (f) => ({ method: 'DELETE', url: `${T}/${f.aliceTicket.id}` }),
    status: 403,
    code: 'FORBIDDEN',
  },
];

export const NO_MASS_ASSIGNMENT: readonly Scenario[] = [
  ...(
    [
      ['role', 'admin'],
      ['disabled', false],
      ['team', MISSING],
      ['id', MISSING],
    ] as const
  ).map(
    ([field, value]): Scenario => ({
      name: `of ${field} through sign-up`,
      as: 'anonymous',
      request: () =>
        post('/api/auth/signup', {
          email: `mass-${field}@test.example`,
          name: 'Mallory',
          password: 'a-long-enough-password',
          [field]: value,
        }),
      status: 422,
      code: 'VALIDATION_FAILED',
      errors: [`${field}:read_only`],
      absent: () => ['token'],
    }),
  ),
  ...(
    [
      ['role', 'admin'],
      ['disabled', true],
      ['email', 'alice-new@test.example'],
      ['id', MISSING],
    ] as const
  ).map(
    ([field, value]): Scenario => ({
      name: `of ${field} through PATCH of their own user`,
      as: 'alice',
      request: (f) => patch(`${U}/${f.alice.id}`, { [field]: value }),
      status: 422,
      code: 'VALIDATION_FAILED',
      errors: [field === 'email' ? 'email:immutable' : `${field}:read_only`],
    }),
  ),
  {
    name: 'of role through PATCH of another user: as if they did not exist',
    as: 'alice',
    request: (f) => patch(`${U}/${f.bob.id}`, { role: 'admin' }),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => patch(`${U}/${MISSING}`, { role: 'admin' }),
  },
  {
    name: 'of role by an agent on themselves',
    as: 'agent',
    request: (f) => patch(`${U}/${f.agent.id}`, { role: 'admin' }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['role:read_only'],
  },
  {
    name: 'of their own name (the control: allowed)',
    as: 'alice',
    request: (f) => patch(`${U}/${f.alice.id}`, { name: 'Alice A.' }),
    status: 200,
  },
];

export const NOT_INTO_SOMEONE_ELSES_ROW: readonly Scenario[] = [
  {
    name: 'making themselves requester of another’s ticket',
    as: 'alice',
    request: (f) => patch(`${T}/${f.bobTicket.id}`, { requester: f.alice.id }),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: (f) => patch(`${T}/${MISSING}`, { requester: f.alice.id }),
  },
  {
    name: 'handing their ticket to another customer',
    as: 'alice',
    request: (f) => patch(`${T}/${f.aliceTicket.id}`, { requester: f.bob.id }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['requester:read_only'],
  },
  {
    name: 'filing a ticket in another’s name',
    as: 'alice',
    request: (f) => post(T, { subject: 'On behalf of Bob', description: 'x', requester: f.bob.id }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['requester:read_only'],
  },
  {
    name: 'writing a comment as someone else',
    as: 'alice',
    request: (f) => post(C, { ticket: f.aliceTicket.id, body: 'I am Bob', author: f.bob.id }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['author:read_only'],
  },
  {
    name: 'editing another’s comment',
    as: 'alice',
    request: (f) => patch(`${C}/${f.bobPublic}`, { body: 'edited' }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'renaming another user',
    as: 'alice',
    request: (f) => patch(`${U}/${f.bob.id}`, { name: 'Alice' }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'answering on another’s ticket',
    as: 'alice',
    request: (f) => post(`${T}/${f.bobTicket.id}/transitions/respond`, {}),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'assigning another’s ticket to themselves',
    as: 'alice',
    request: (f) => post('/api/actions/assignToMe', { ticketId: f.bobTicket.id }),
    status: 403,
    code: 'FORBIDDEN',
  },
];

export const THE_SIGNED_OUT: readonly Scenario[] = [
  {
    name: 'cannot list tickets',
    as: 'anonymous',
    request: () => get(T),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'get a ticket as if it did not exist',
    as: 'anonymous',
    request: (f) => get(`${T}/${f.aliceTicket.id}`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${T}/${MISSING}`),
  },
  {
    name: 'cannot list comments',
    as: 'anonymous',
    request: () => get(C),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  { name: 'cannot list users', as: 'anonymous', request: () => get(U), status: 401, code: 'UNAUTHENTICATED' },
  {
    name: 'cannot file a ticket',
    as: 'anonymous',
    request: () => post(T, { subject: 'Anonymous ticket', description: 'x' }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'read the published articles only',
    as: 'anonymous',
    request: () => get(A),
    status: 200,
    items: (f) => [f.published],
    absent: () => ['Draft only'],
  },
  {
    name: 'get a draft as if it did not exist',
    as: 'anonymous',
    request: (f) => get(`${A}/${f.draft}`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${A}/${MISSING}`),
  },
  {
    name: 'and so does a customer',
    as: 'alice',
    request: () => get(`${A}?published=false`),
    status: 200,
    items: () => [],
  },
];
