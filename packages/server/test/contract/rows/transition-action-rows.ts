/**
 * Contract rows for transitions and actions: the answers that succeed and the codes that
 * refuse.
 */
import { expect } from 'vitest';
import { uuid7 } from '../../../src/core/uuid7';
import { type ContractRow, expectRecord } from '../contract-case';
import { must, type World } from '../helpdesk-world';

const T = '/api/entities/tickets';
const at = (id: string, name: string) => `${T}/${id}/transitions/${name}`;

/** Reads a ticket as the system would see it now, to prove a refused write changed nothing. */
async function stored(w: World, id: string) {
  return must(w.send, { method: 'GET', url: `${T}/${id}`, headers: w.agent.headers }, 200);
}

/** The rows of this file, in the order they run. */
export const transitionActionRows: ContractRow<World>[] = [
  {
    name: 'transition: an agent triages with an assignee',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      return {
        method: 'POST',
        url: at(ticket.id, 'triage'),
        headers: w.agent.headers,
        payload: { assignee: w.agent.id },
      };
    },
    status: 200,
    expect: (body, _res, w) => {
      expectRecord(body, { status: 'open', assignee: w.agent.id, version: 2 });
      expect(body.$can.transitions).toEqual(['await', 'resolve']);
    },
  },
  {
    name: 'transition: a customer withdraws with no body at all',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      return { method: 'POST', url: at(ticket.id, 'withdraw'), headers: user.headers };
    },
    status: 200,
    expect: (body) => expectRecord(body, { status: 'cancelled', version: 2 }),
  },
  {
    name: 'INVALID_TRANSITION: respond while the ticket is new',
    request: (w) => ({
      method: 'POST',
      url: at(w.tickets.printer.id, 'respond'),
      headers: w.alice.headers,
      payload: {},
    }),
    status: 409,
    code: 'INVALID_TRANSITION',
    expect: (body) => expect(body.detail).toContain('New'),
  },
  {
    name: 'INVALID_TRANSITION: withdraw twice',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      await must(w.send, { method: 'POST', url: at(ticket.id, 'withdraw'), headers: user.headers }, 200);
      return { method: 'POST', url: at(ticket.id, 'withdraw'), headers: user.headers };
    },
    status: 409,
    code: 'INVALID_TRANSITION',
  },
  {
    name: 'FORBIDDEN: a customer runs an agent’s transition',
    request: (w) => ({
      method: 'POST',
      url: at(w.tickets.printer.id, 'triage'),
      headers: w.alice.headers,
      payload: {},
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'VERSION_MISMATCH: a transition with a stale If-Match moves nothing',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      return {
        method: 'POST',
        url: at(ticket.id, 'withdraw'),
        headers: { ...user.headers, 'if-match': '0' },
      };
    },
    status: 412,
    code: 'VERSION_MISMATCH',
    expect: async (_body, res, w) => {
      const id = String(res.raw.req.url).split('/')[4]!;
      expect(await stored(w, id)).toMatchObject({ status: 'new', version: 1 });
    },
  },
  {
    name: 'VALIDATION_FAILED: resolve without its required input',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      await must(
        w.send,
        { method: 'POST', url: at(ticket.id, 'triage'), headers: w.agent.headers, payload: {} },
        200,
      );
      return {
        method: 'POST',
        url: at(ticket.id, 'resolve'),
        headers: w.agent.headers,
        payload: { note: 1 },
      };
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors.map((e: any) => `${e.path}:${e.code}`).sort()).toEqual([
        'note:unknown_field',
        'resolution:required',
      ]),
  },
  {
    name: 'ASSIGNEE_NOT_AGENT: triage assigning a customer answers the field’s own code',
    request: (w) => ({
      method: 'POST',
      url: at(w.tickets.other.id, 'triage'),
      headers: w.agent.headers,
      payload: { assignee: w.bob.id },
    }),
    status: 422,
    code: 'ASSIGNEE_NOT_AGENT',
  },
  {
    name: 'NOT_FOUND: an unknown transition',
    request: (w) => ({
      method: 'POST',
      url: at(w.tickets.printer.id, 'teleport'),
      headers: w.agent.headers,
      payload: {},
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'NOT_FOUND: a transition on an entity without states',
    request: (w) => ({
      method: 'POST',
      url: `/api/entities/articles/${uuid7(Date.now())}/transitions/publish`,
      headers: w.admin.headers,
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'action: an agent runs ticketStats',
    request: (w) => ({
      method: 'POST',
      url: '/api/actions/ticketStats',
      headers: w.agent.headers,
      payload: {},
    }),
    status: 200,
    expect: (body) => {
      expect(Object.keys(body).sort()).toEqual(['byPriority', 'byStatus']);
      expect(body.byStatus.resolved).toBeGreaterThanOrEqual(1);
      expect(Object.values(body.byPriority).every((v) => Number.isInteger(v))).toBe(true);
    },
  },
  {
    name: 'action: an agent runs assignToMe on a new ticket (it is triaged too)',
    request: async (w) => {
      const { ticket } = await w.freshTicket();
      return {
        method: 'POST',
        url: '/api/actions/assignToMe',
        headers: w.agent.headers,
        payload: { ticketId: ticket.id },
      };
    },
    status: 200,
    expect: (body, _res, w) =>
      expect(body).toEqual({ id: expect.any(String), status: 'open', assignee: w.agent.id }),
  },
  {
    name: 'UNAUTHENTICATED: anonymous runs an action',
    request: () => ({ method: 'POST', url: '/api/actions/ticketStats', payload: {} }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'FORBIDDEN: a customer runs an agent’s action',
    request: (w) => ({
      method: 'POST',
      url: '/api/actions/ticketStats',
      headers: w.alice.headers,
      payload: {},
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'VALIDATION_FAILED: an action input that is not valid',
    request: (w) => ({
      method: 'POST',
      url: '/api/actions/assignToMe',
      headers: w.agent.headers,
      payload: { ticketId: 7, extra: true },
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) => expect(body.errors.map((e: any) => e.path).sort()).toEqual(['extra', 'ticketId']),
  },
  {
    name: 'NOT_FOUND: an unknown action',
    request: (w) => ({
      method: 'POST',
      url: '/api/actions/launchRocket',
      headers: w.admin.headers,
      payload: {},
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
];
