/**
 * Contract rows for single records: get, create, patch (with If-Match) and delete — the
 * answers that succeed and the codes that refuse.
 */
import { expect } from 'vitest';
import { uuid7 } from '../../../src/core/uuid7';
import { type ContractRow, expectRecord } from '../contract-case';
import { must, type World } from '../helpdesk-world';

const T = '/api/entities/tickets';
const HOUR = 3_600_000;
const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

/** Reads a ticket as the system would see it now, to prove a refused write changed nothing. */
async function stored(w: World, id: string) {
  return must(w.send, { method: 'GET', url: `${T}/${id}`, headers: w.agent.headers }, 200);
}

/** The rows of this file, in the order they run. */
export const recordRows: ContractRow<World>[] = [
  {
    name: 'get: a customer reads their own ticket, with what they may do now',
    request: (w) => ({ method: 'GET', url: `${T}/${w.tickets.printer.id}`, headers: w.alice.headers }),
    status: 200,
    expect: (body, _res, w) => {
      expectRecord(body, { id: w.tickets.printer.id, subject: 'alpha printer jam', status: 'new' });
      expect(body.$can).toMatchObject({ delete: false, transitions: ['withdraw'] });
      expect(body.$can.update).toEqual(expect.arrayContaining(['subject', 'description']));
      expect(body.$can.update).not.toContain('priority');
    },
  },
  {
    name: 'get: an agent reads any ticket',
    request: (w) => ({ method: 'GET', url: `${T}/${w.tickets.bobs.id}`, headers: w.agent.headers }),
    status: 200,
    expect: (body, _res, w) => expectRecord(body, { id: w.tickets.bobs.id, requester: w.bob.id }),
  },
  {
    name: 'get: an id in upper case names the same record',
    request: (w) => ({
      method: 'GET',
      url: `${T}/${w.tickets.printer.id.toUpperCase()}`,
      headers: w.alice.headers,
    }),
    status: 200,
    expect: (body, _res, w) => expect(body.id).toBe(w.tickets.printer.id),
  },
  ...(
    [
      [
        "another customer's ticket",
        (w: World) => ({ url: `${T}/${w.tickets.bobs.id}`, headers: w.alice.headers }),
      ],
      ['an unknown id', (w: World) => ({ url: `${T}/${uuid7(Date.now())}`, headers: w.agent.headers })],
      ['an id that is no uuid', (w: World) => ({ url: `${T}/42`, headers: w.agent.headers })],
      ['an unknown entity', (w: World) => ({ url: '/api/entities/spaceships', headers: w.admin.headers })],
      [
        'an unknown entity with an id',
        (w: World) => ({ url: `/api/entities/spaceships/${w.tickets.printer.id}`, headers: w.admin.headers }),
      ],
      ['an unknown route', (w: World) => ({ url: '/api/tickets', headers: w.admin.headers })],
      ['a path outside /api', () => ({ url: '/nothing/here', headers: {} })],
    ] as const
  ).map(
    ([what, req]): ContractRow<World> => ({
      name: `NOT_FOUND: get ${what}`,
      request: (w) => ({ method: 'GET', ...req(w) }),
      status: 404,
      code: 'NOT_FOUND',
    }),
  ),
  {
    name: 'NOT_FOUND: get an unpublished article, for anonymous',
    request: async (w) => {
      const [draft] = await w.all(w.admin, 'articles', 'published=false');
      return { method: 'GET', url: `/api/entities/articles/${draft!.id}` };
    },
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'NOT_FOUND: patch of another customer’s ticket (its existence is not theirs to learn)',
    request: (w) => ({
      method: 'PATCH',
      url: `${T}/${w.tickets.bobs.id}`,
      headers: w.alice.headers,
      payload: { subject: 'hijacked ticket' },
    }),
    status: 404,
    code: 'NOT_FOUND',
    expect: async (_body, _res, w) =>
      expect((await stored(w, w.tickets.bobs.id)).subject).toBe('echo bob private ticket'),
  },
  {
    name: 'NOT_FOUND: an unknown method on a record route (PUT)',
    request: (w) => ({
      method: 'PUT',
      url: `${T}/${w.tickets.printer.id}`,
      headers: w.alice.headers,
      payload: {},
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'create: a customer files a ticket; server fields are set, dueAt from the SLA',
    request: async (w) => ({
      method: 'POST',
      url: T,
      headers: (await w.customer()).headers,
      payload: { subject: 'Cannot log in', description: 'Since this morning.', priority: 'urgent' },
    }),
    status: 201,
    expect: async (body, res, w) => {
      expectRecord(body, { status: 'new', priority: 'urgent', category: 'other', tags: [], version: 1 });
      const me = await must(
        w.send,
        {
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: String(res.raw.req.headers.authorization) },
        },
        200,
      );
      expect(body.requester).toBe(me.user.id);
      expect(body.dueAt).toBe(plusHours(body.createdAt, 4));
      expect(body.createdAt).toBe(body.updatedAt);
    },
  },
  {
    name: 'UNAUTHENTICATED: anonymous creates a ticket',
    request: () => ({ method: 'POST', url: T, payload: { subject: 'Anonymous ticket', description: 'Hi.' } }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'FORBIDDEN: an agent creates a ticket (no role grant)',
    request: (w) => ({
      method: 'POST',
      url: T,
      headers: w.agent.headers,
      payload: { subject: 'Agent ticket', description: 'Hi.' },
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'VALIDATION_FAILED: a create lists every failing field at once',
    request: async (w) => ({
      method: 'POST',
      url: T,
      headers: (await w.customer()).headers,
      payload: {
        subject: 'abc',
        priority: 'extreme',
        tags: ['a', 'b', 'c', 'd', 'e', 'f'],
        status: 'open',
        requester: w.bob.id,
        id: uuid7(Date.now()),
        foo: 1,
      },
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors.map((e: any) => `${e.path}:${e.code}`).sort()).toEqual([
        'description:required',
        'foo:unknown_field',
        'id:read_only',
        'priority:enum',
        'requester:read_only',
        'status:read_only',
        'subject:too_short',
        'tags:too_many',
      ]),
  },
  {
    name: 'OPEN_TICKET_LIMIT: a sixth open ticket is refused with the helpdesk’s own code',
    request: async (w) => {
      const user = await w.customer();
      for (let i = 0; i < 5; i++) await w.h.ticket(user, { subject: `open ticket ${i}` });
      return {
        method: 'POST',
        url: T,
        headers: user.headers,
        payload: { subject: 'one too many', description: 'x' },
      };
    },
    status: 409,
    code: 'OPEN_TICKET_LIMIT',
    expect: (body) => expect(body.detail).toContain('5'),
  },
  {
    name: 'patch with the current If-Match writes and bumps the version',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: { ...user.headers, 'if-match': '"1"' },
        payload: { subject: 'Renamed ticket' },
      };
    },
    status: 200,
    expect: (body) => {
      expectRecord(body, { subject: 'Renamed ticket', version: 2 });
      expect(body.updatedAt > body.createdAt || body.updatedAt === body.createdAt).toBe(true);
    },
  },
  {
    name: 'patch without If-Match writes (last writer wins)',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: user.headers,
        payload: { description: 'More detail.' },
      };
    },
    status: 200,
    expect: (body) => expectRecord(body, { description: 'More detail.', version: 2 }),
  },
  {
    name: 'patch by an agent moves dueAt with the priority',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: w.agent.headers,
        payload: { priority: 'high' },
      };
    },
    status: 200,
    expect: (body) => expect(body.dueAt).toBe(plusHours(body.createdAt, 24)),
  },
  {
    name: 'VERSION_MISMATCH: patch with a stale If-Match changes nothing',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      await must(
        w.send,
        {
          method: 'PATCH',
          url: `${T}/${ticket.id}`,
          headers: user.headers,
          payload: { subject: 'First writer' },
        },
        200,
      );
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: { ...user.headers, 'if-match': '1' },
        payload: { subject: 'Second writer' },
      };
    },
    status: 412,
    code: 'VERSION_MISMATCH',
    expect: async (_body, res, w) => {
      const id = String(res.raw.req.url).split('/').pop()!;
      expect(await stored(w, id)).toMatchObject({ subject: 'First writer', version: 2 });
    },
  },
  {
    name: 'VALIDATION_FAILED: a customer patches a field only agents may write',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: user.headers,
        payload: { priority: 'urgent', subject: 'x' },
      };
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors.map((e: any) => `${e.path}:${e.code}`).sort()).toEqual([
        'priority:read_only',
        'subject:too_short',
      ]),
  },
  {
    name: 'MALFORMED_REQUEST: an If-Match that names no version',
    request: (w) => ({
      method: 'PATCH',
      url: `${T}/${w.tickets.other.id}`,
      headers: { ...w.alice.headers, 'if-match': 'yesterday' },
      payload: { subject: 'Whatever subject' },
    }),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  {
    name: 'delete: an admin deletes a ticket; it is gone',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      return { method: 'DELETE', url: `${T}/${ticket.id}`, headers: w.admin.headers };
    },
    status: 204,
    expect: async (body, res, w) => {
      expect(body).toBeUndefined();
      const gone = await w.send({ method: 'GET', url: String(res.raw.req.url), headers: w.admin.headers });
      expect(gone.statusCode).toBe(404);
    },
  },
  {
    name: 'FORBIDDEN: a customer deletes their own ticket',
    request: (w) => ({ method: 'DELETE', url: `${T}/${w.tickets.other.id}`, headers: w.alice.headers }),
    status: 403,
    code: 'FORBIDDEN',
    expect: async (_body, _res, w) =>
      expect((await stored(w, w.tickets.other.id)).id).toBe(w.tickets.other.id),
  },
  {
    name: 'VERSION_MISMATCH: delete with a stale If-Match',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      return { method: 'DELETE', url: `${T}/${ticket.id}`, headers: { ...w.admin.headers, 'if-match': '7' } };
    },
    status: 412,
    code: 'VERSION_MISMATCH',
  },
  {
    name: 'STILL_REFERENCED: an admin deletes a customer whose tickets name them; nothing changes',
    request: (w) => ({
      method: 'DELETE',
      url: `/api/entities/users/${w.alice.id}`,
      headers: w.admin.headers,
    }),
    status: 409,
    code: 'STILL_REFERENCED',
    expect: async (body, _res, w) => {
      expect(body.params).toEqual({ entity: 'tickets' });
      expect(body.errors).toBeUndefined();
      const still = await w.send({ method: 'GET', url: '/api/auth/me', headers: w.alice.headers });
      expect(still.statusCode).toBe(200);
    },
  },
  {
    name: 'NOT_FOUND: delete of an unknown id',
    request: (w) => ({ method: 'DELETE', url: `${T}/${uuid7(Date.now())}`, headers: w.admin.headers }),
    status: 404,
    code: 'NOT_FOUND',
  },
];
