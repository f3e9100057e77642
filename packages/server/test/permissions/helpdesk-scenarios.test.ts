/**
 * Point 6 of the helpdesk as table-driven HTTP scenarios, once per dialect: what a customer
 * must never see (another customer's tickets and comments, any internal note), what they
 * must never write (fields only staff or the server set, other people's rows, their own
 * role), and what an agent must not do. Each row names the expected status and code, the
 * request it must answer identically to (so a refusal tells nothing), and text that must
 * not appear in the answer.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';

const MISSING = '01900000-0000-7000-8000-00000000abcd';
const NOTE = 'INTERNAL-NOTE-do-not-show';
const BOB_SECRET = 'bobs-private-subject';

interface Fixture {
  readonly alice: TestUser;
  readonly bob: TestUser;
  readonly agent: TestUser;
  readonly admin: TestUser;
  readonly aliceTicket: Record<string, any>;
  readonly bobTicket: Record<string, any>;
  readonly alicePublic: string;
  readonly aliceNote: string;
  readonly bobPublic: string;
  readonly bobNote: string;
  readonly published: string;
  readonly draft: string;
  /** A customer an admin has disabled. */
  readonly gone: string;
}

type Who = 'alice' | 'bob' | 'agent' | 'admin' | 'anonymous';

interface Scenario {
  readonly name: string;
  readonly as: Who;
  readonly request: (f: Fixture) => InjectOptions;
  readonly status: number;
  readonly code?: string;
  /** Issues the problem must list, as `path:code`. */
  readonly errors?: readonly string[];
  /** A request whose answer this one must equal (status and body): a refusal that tells nothing. */
  readonly sameAs?: (f: Fixture) => InjectOptions;
  /** The exact ids a list must hold. */
  readonly items?: (f: Fixture) => readonly string[];
  /** Text that must not appear anywhere in the answer. */
  readonly absent?: (f: Fixture) => readonly string[];
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
const patch = (url: string, payload: object): InjectOptions => ({ method: 'PATCH', url, payload });
const T = '/api/entities/tickets';
const C = '/api/entities/comments';
const U = '/api/entities/users';

const NEVER_SEES_ANOTHER_CUSTOMERS_TICKET: readonly Scenario[] = [
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

const INTERNAL_NOTES_NEVER_REACH_A_CUSTOMER: readonly Scenario[] = [
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
    name: 'sorted by internal',
    as: 'alice',
    request: () => get(`${C}?sort=-internal`),
    status: 200,
    items: (f) => [f.alicePublic],
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

const CUSTOMER_CANNOT_CHANGE: readonly Scenario[] = [
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
    name: 'the subject of their own new ticket (the control: allowed)',
    as: 'alice',
    request: (f) => patch(`${T}/${f.aliceTicket.id}`, { subject: 'Printer still on fire' }),
    status: 200,
  },
];

const AGENT_CANNOT_DELETE: readonly Scenario[] = [
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

const NO_MASS_ASSIGNMENT: readonly Scenario[] = [
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

const NOT_INTO_SOMEONE_ELSES_ROW: readonly Scenario[] = [
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

const A = '/api/entities/articles';

const THE_SIGNED_OUT: readonly Scenario[] = [
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

const THE_AUDIT_LOG_IS_FOR_ADMINS: readonly Scenario[] = [
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

const STALE_VERSIONS_TELL_NOTHING: readonly Scenario[] = [
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

const AGENTS_DO_NOT_SEE_WHO_IS_DISABLED: readonly Scenario[] = [
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

const TABLES = [
  ['a customer never sees another customer’s ticket', NEVER_SEES_ANOTHER_CUSTOMERS_TICKET],
  ['internal notes never reach a customer', INTERNAL_NOTES_NEVER_REACH_A_CUSTOMER],
  ['a customer cannot change', CUSTOMER_CANNOT_CHANGE],
  ['an agent cannot delete', AGENT_CANNOT_DELETE],
  ['no mass assignment', NO_MASS_ASSIGNMENT],
  ['a customer cannot write themselves into someone else’s row', NOT_INTO_SOMEONE_ELSES_ROW],
  ['the signed out', THE_SIGNED_OUT],
  ['the audit log is for admins only', THE_AUDIT_LOG_IS_FOR_ADMINS],
  ['refusals tell nothing about a hidden record', STALE_VERSIONS_TELL_NOTHING],
  ['agents do not see who is disabled', AGENTS_DO_NOT_SEE_WHO_IS_DISABLED],
] as const;

function problemIssues(res: LightMyRequestResponse): string[] {
  return ((res.json().errors ?? []) as { path: string; code: string }[]).map((e) => `${e.path}:${e.code}`);
}

describe.each(DIALECTS)('helpdesk permission scenarios on %s', (dialect) => {
  let h: Harness;
  let f: Fixture;
  // A fake clock that moves on with every write: the rows here are not about the write rate limit.
  let clock = Date.now();
  const as = (who: Who, o: InjectOptions) => {
    if (o.method !== 'GET') clock += 2_500;
    return h.request({ ...o, headers: { ...(who === 'anonymous' ? {} : f[who].headers), ...o.headers } });
  };
  const comment = async (who: TestUser, ticket: string, body: string, internal?: boolean) => {
    const res = await h.request({
      method: 'POST',
      url: C,
      headers: who.headers,
      payload: { ticket, body, ...(internal ? { internal } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json().id);
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    const [alice, bob, agent, admin] = [
      await h.user('customer', 'Alice'),
      await h.user('customer', 'Bob'),
      await h.user('agent'),
      await h.user('admin'),
    ];
    const article = async (title: string, published: boolean) => {
      const res = await h.request({
        method: 'POST',
        url: '/api/entities/articles',
        headers: admin.headers,
        payload: { title, body: 'Text.', published },
      });
      expect(res.statusCode, res.body).toBe(201);
      return String(res.json().id);
    };
    const gone = await h.user('customer', 'Gone');
    const off = await h.request({
      method: 'PATCH',
      url: `${U}/${gone.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    const aliceTicket = await h.ticket(alice);
    const bobTicket = await h.ticket(bob, { subject: `Bob ${BOB_SECRET}` });
    f = {
      alice,
      bob,
      agent,
      admin,
      aliceTicket,
      bobTicket,
      alicePublic: await comment(alice, aliceTicket.id, 'alice public question'),
      aliceNote: await comment(agent, aliceTicket.id, `${NOTE} about alice`, true),
      bobPublic: await comment(bob, bobTicket.id, 'bob public question'),
      bobNote: await comment(agent, bobTicket.id, `${NOTE} about bob`, true),
      published: await article('How to reset a password', true),
      draft: await article('Draft only, not ready', false),
      gone: gone.id,
    };
  });
  afterAll(() => h?.close());

  describe.each(TABLES)('%s', (_title, table) => {
    it.each(table)('$name', async (s) => {
      const res = await as(s.as, s.request(f));
      expect(res.statusCode, res.body).toBe(s.status);
      if (s.code) expect(res.json().code).toBe(s.code);
      if (s.errors) expect(problemIssues(res).sort()).toEqual([...s.errors].sort());
      if (s.items)
        expect((res.json().items as { id: string }[]).map((i) => i.id).sort()).toEqual(
          [...s.items(f)].sort(),
        );
      for (const text of s.absent?.(f) ?? []) expect(res.body).not.toContain(text);
      if (s.sameAs) {
        const other = await as(s.as, s.sameAs(f));
        expect({ status: other.statusCode, body: other.json() }).toEqual({
          status: res.statusCode,
          body: res.json(),
        });
      }
    });
  });

  it('leaves every refused write undone: the tickets, comments and users are as they were', async () => {
    const ticket = (await as('admin', get(`${T}/${f.aliceTicket.id}`))).json();
    // Only the allowed subject change went through.
    expect(ticket).toMatchObject({
      subject: 'Printer still on fire',
      priority: 'normal',
      status: 'new',
      requester: f.alice.id,
      version: 2,
    });
    expect((await as('admin', get(`${T}/${f.bobTicket.id}`))).json()).toMatchObject({
      requester: f.bob.id,
      version: 1,
    });
    const users = (await as('admin', get(`${U}?limit=100`))).json().items as Record<string, unknown>[];
    expect(users.find((u) => u.id === f.alice.id)).toMatchObject({
      role: 'customer',
      disabled: false,
      name: 'Alice A.',
    });
    expect(users.find((u) => u.id === f.bob.id)).toMatchObject({ role: 'customer', name: 'Bob' });
    expect(users.find((u) => u.id === f.agent.id)).toMatchObject({ role: 'agent' });
    // No account came out of a refused sign-up.
    expect(users.filter((u) => String(u.email).startsWith('mass-'))).toEqual([]);
    const comments = (await as('admin', get(`${C}?limit=100`))).json().items as Record<string, unknown>[];
    expect(comments.map((c) => c.body).sort()).toEqual(
      ['alice public question', `${NOTE} about alice`, 'bob public question', `${NOTE} about bob`].sort(),
    );
  });

  it('a refused sign-up with a role leaves the email free, and signing up properly gives a customer', async () => {
    const email = 'mass-role@test.example';
    const login = await h.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a-long-enough-password' },
    });
    expect(login.statusCode).toBe(401);
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, name: 'Mallory', password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.role).toBe('customer');
  });
});
