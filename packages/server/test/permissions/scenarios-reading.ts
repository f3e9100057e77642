/**
 * What a caller must never see: another customer's tickets and comments, internal notes,
 * other users' account state, the audit log; and refusals that reveal nothing.
 */
import { BOB_SECRET, C, get, MISSING, NOTE, patch, post, type Scenario, T, U } from './scenario';

export const NEVER_SEES_ANOTHER_CUSTOMERS_TICKET: readonly Scenario[] = [
  {
    name: 'by id: 404, the same answer as a ticket that does not exist',
    as: 'alice',
    request: (f) => get(`${T}/${f.bobTicket.id}`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${T}/${MISSING}`),
  },
  {
    name: 'in the list (and so in its count)',
    as: 'alice',
    request: () => get(T),
    status: 200,
    items: (f) => [f.aliceTicket.id],
    absent: () => [BOB_SECRET],
  },
  {
    name: 'in a list filtered by its id',
    as: 'alice',
    request: (f) => get(`${T}?id=${f.bobTicket.id}`),
    status: 200,
    items: () => [],
  },
  {
    name: 'in a list filtered by its requester',
    as: 'alice',
    request: (f) => get(`${T}?requester=${f.bob.id}`),
    status: 200,
    items: () => [],
  },
  {
    name: 'in a search on its subject',
    as: 'alice',
    request: () => get(`${T}?subject[contains]=${BOB_SECRET}`),
    status: 200,
    items: () => [],
  },
  {
    name: 'in its history',
    as: 'alice',
    request: (f) => get(`${T}/${f.bobTicket.id}/history`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${T}/${MISSING}/history`),
  },
  {
    name: 'through the comment list',
    as: 'alice',
    request: () => get(C),
    status: 200,
    items: (f) => [f.alicePublic],
    absent: (f) => [f.bobTicket.id, 'bob public'],
  },
  {
    name: 'through the comment list filtered by its ticket',
    as: 'alice',
    request: (f) => get(`${C}?ticket=${f.bobTicket.id}`),
    status: 200,
    items: () => [],
  },
  {
    name: 'through one of its comments by id',
    as: 'alice',
    request: (f) => get(`${C}/${f.bobPublic}`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${C}/${MISSING}`),
  },
  {
    name: 'by commenting on it: refused exactly as on a ticket that does not exist',
    as: 'alice',
    request: (f) => post(C, { ticket: f.bobTicket.id, body: 'hello?' }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['ticket:reference'],
    sameAs: () => post(C, { ticket: MISSING, body: 'hello?' }),
  },
  {
    name: 'by running a transition on it',
    as: 'alice',
    request: (f) => post(`${T}/${f.bobTicket.id}/transitions/withdraw`, {}),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => post(`${T}/${MISSING}/transitions/withdraw`, {}),
  },
  {
    name: 'through the statistics action',
    as: 'alice',
    request: () => post('/api/actions/ticketStats', {}),
    status: 403,
    code: 'FORBIDDEN',
  },
];

export const INTERNAL_NOTES_NEVER_REACH_A_CUSTOMER: readonly Scenario[] = [
  {
    name: 'in the comment list',
    as: 'alice',
    request: () => get(C),
    status: 200,
    items: (f) => [f.alicePublic],
    absent: () => [NOTE],
  },
  {
    name: 'in a list filtered on internal=true',
    as: 'alice',
    request: () => get(`${C}?internal=true`),
    status: 200,
    items: () => [],
  },
  {
    name: 'in a list of their own ticket’s comments',
    as: 'alice',
    request: (f) => get(`${C}?ticket=${f.aliceTicket.id}`),
    status: 200,
    items: (f) => [f.alicePublic],
    absent: () => [NOTE],
  },
  {
    name: 'in a search on the note’s text',
    as: 'alice',
    request: () => get(`${C}?body[contains]=${NOTE}`),
    status: 200,
    items: () => [],
  },
  {
    name: 'sorted by internal (no index serves it, so no list takes it)',
    as: 'alice',
    request: () => get(`${C}?sort=-internal`),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  {
    name: 'by id',
    as: 'alice',
    request: (f) => get(`${C}/${f.aliceNote}`),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => get(`${C}/${MISSING}`),
  },
  {
    name: 'in the ticket’s own answer',
    as: 'alice',
    request: (f) => get(`${T}/${f.aliceTicket.id}`),
    status: 200,
    absent: () => [NOTE],
  },
  {
    name: 'in the ticket’s history',
    as: 'alice',
    request: (f) => get(`${T}/${f.aliceTicket.id}/history`),
    status: 200,
    absent: () => [NOTE],
  },
  {
    name: 'in the note’s history',
    as: 'alice',
    request: (f) => get(`${C}/${f.aliceNote}/history`),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'nor may a customer write one',
    as: 'alice',
    request: (f) => post(C, { ticket: f.aliceTicket.id, body: 'psst', internal: true }),
    status: 422,
    code: 'VALIDATION_FAILED',
    errors: ['internal:read_only'],
  },
  {
    name: 'while an agent does see it (the control)',
    as: 'agent',
    request: (f) => get(`${C}?ticket=${f.aliceTicket.id}&internal=true`),
    status: 200,
    items: (f) => [f.aliceNote],
  },
];

export const THE_AUDIT_LOG_IS_FOR_ADMINS: readonly Scenario[] = [
  { name: 'a customer', as: 'alice', request: () => get('/api/audit'), status: 403, code: 'FORBIDDEN' },
  { name: 'an agent', as: 'agent', request: () => get('/api/audit'), status: 403, code: 'FORBIDDEN' },
  {
    name: 'the signed out',
    as: 'anonymous',
    request: () => get('/api/audit'),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  { name: 'an admin (the control)', as: 'admin', request: () => get('/api/audit'), status: 200 },
];

export const STALE_VERSIONS_TELL_NOTHING: readonly Scenario[] = [
  {
    name: 'If-Match on another’s ticket: 404 as for none, not 412',
    as: 'alice',
    request: (f) => ({
      ...patch(`${T}/${f.bobTicket.id}`, { subject: 'Guessing games' }),
      headers: { 'if-match': '"9"' },
    }),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => ({
      ...patch(`${T}/${MISSING}`, { subject: 'Guessing games' }),
      headers: { 'if-match': '"9"' },
    }),
  },
  {
    name: 'DELETE of another’s ticket: 404 as for none, not 403',
    as: 'alice',
    request: (f) => ({ method: 'DELETE', url: `${T}/${f.bobTicket.id}` }),
    status: 404,
    code: 'NOT_FOUND',
    sameAs: () => ({ method: 'DELETE', url: `${T}/${MISSING}` }),
  },
];

export const AGENTS_DO_NOT_SEE_WHO_IS_DISABLED: readonly Scenario[] = [
  {
    name: 'in a user’s answer',
    as: 'agent',
    request: (f) => get(`${U}/${f.gone}`),
    status: 200,
    absent: () => ['disabled'],
  },
  {
    name: 'in a user’s history',
    as: 'agent',
    request: (f) => get(`${U}/${f.gone}/history`),
    status: 200,
    absent: () => ['disabled'],
  },
  {
    name: 'through a filter',
    as: 'agent',
    request: () => get(`${U}?disabled=true`),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  {
    name: 'through a sort',
    as: 'agent',
    request: () => get(`${U}?sort=disabled`),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  {
    name: 'while an admin does (the control)',
    as: 'admin',
    request: (f) => get(`${U}?disabled=true&id=${f.gone}`),
    status: 200,
    items: (f) => [f.gone],
  },
];
