/**
 * The writes of the realtime leak property, as data: fast-check draws a sequence of them
 * and each runs through HTTP as a member of the cast — creates, edits, transitions,
 * reassignments, comments public and internal, role changes of one customer by the admin,
 * and deletes by the admin. Many are refused (wrong role, wrong state, a quota): a refused
 * write is part of the property too, since it must announce nothing.
 */
import fc from 'fast-check';
import type { Harness, TestUser } from '../helpdesk-harness';

/** Who acts: an index into the cast, or the requester of the ticket the write is about. */
export type Who = number | 'requester';

const TRANSITIONS = ['triage', 'await', 'respond', 'resolve', 'reopen', 'close', 'withdraw'] as const;
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
const CATEGORIES = ['billing', 'technical', 'account', 'other'] as const;

/** One step of a run, with members, tickets and comments named by index (resolved when it runs). */
export type LeakOp =
  | { readonly kind: 'create'; readonly by: number; readonly priority: (typeof PRIORITIES)[number] }
  | {
      readonly kind: 'edit';
      readonly by: Who;
      readonly ticket: number;
      readonly field: 'subject' | 'priority' | 'category' | 'tags';
    }
  | {
      readonly kind: 'transition';
      readonly by: Who;
      readonly ticket: number;
      /** A named transition, or `runnable`: one the actor may run now (per `$can`), if any. */
      readonly name: (typeof TRANSITIONS)[number] | 'runnable';
      readonly pick: number;
      readonly assignee: number | null;
    }
  | { readonly kind: 'reassign'; readonly by: number; readonly ticket: number; readonly to: number | null }
  | { readonly kind: 'assignToMe'; readonly by: number; readonly ticket: number }
  | { readonly kind: 'comment'; readonly by: Who; readonly ticket: number; readonly internal: boolean }
  /** The admin sets the switcher's role: to the other one, or to the one they have. */
  | { readonly kind: 'role'; readonly change: 'toggle' | 'same' }
  | { readonly kind: 'deleteTicket'; readonly ticket: number }
  | { readonly kind: 'deleteComment'; readonly comment: number }
  /** Several writes at once (never a role change): they meet in one group commit or race on PostgreSQL. */
  | { readonly kind: 'burst'; readonly ops: readonly LeakOp[] };

/** The cast, in order: index 0 is the customer whose role the admin changes; the admin is last. */
export const CAST = ['switcher', 'customer1', 'customer2', 'agent1', 'agent2', 'admin'] as const;
/** Each cast member's role at the start of a run. */
export const CAST_ROLES = ['customer', 'customer', 'customer', 'agent', 'agent', 'admin'] as const;
const ADMIN = 5;

/** The records a run has made, for the ops to point at (deleted ones stay: writes then 404). */
export interface RunRecords {
  readonly tickets: { readonly id: string; readonly requester: string; deleted?: boolean }[];
  readonly comments: { readonly id: string; readonly ticket: string }[];
}

/** What an op did: its HTTP status (a burst's first success, else its first refusal), and
 * whether the admin changed the switcher's role. */
export interface OpOutcome {
  readonly status: number;
  readonly code?: string;
  readonly roleChanged?: 'agent' | 'customer';
}

const member = fc.nat(CAST.length - 1);
const agent = fc.constantFrom(3, 4);
// Mostly someone with a reason to act, so that many writes succeed; anyone now and then.
const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('requester' as const) },
  { weight: 3, arbitrary: agent },
  { weight: 1, arbitrary: fc.constant(5) },
  { weight: 2, arbitrary: member },
);
// The first ticket of a run is the one single-record subscriptions watch: aim at it often.
const ticket = fc.oneof(fc.constant(0), fc.nat(40));

/** One write other than a role change, weighted towards those that change what subscribers see. */
const singleOp: fc.Arbitrary<LeakOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create'),
      by: fc.nat(2),
      priority: fc.constantFrom(...PRIORITIES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit'),
      by: who,
      ticket,
      field: fc.constantFrom('subject', 'priority', 'category', 'tags'),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('transition'),
      by: who,
      ticket,
      name: fc.oneof(
        { weight: 3, arbitrary: fc.constant('runnable' as const) },
        fc.constantFrom(...TRANSITIONS),
      ),
      pick: fc.nat(5),
      assignee: fc.option(fc.oneof(agent, member), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reassign'),
      by: fc.oneof(agent, member),
      ticket,
      to: fc.option(fc.oneof(agent, member), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('assignToMe'), by: fc.oneof(agent, member), ticket }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('comment'), by: who, ticket, internal: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteTicket'), ticket: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteComment'), comment: fc.nat(40) }) },
) as fc.Arbitrary<LeakOp>;

/** One step of a run: a write, a role change, or a burst of concurrent writes. */
export const leakOp: fc.Arbitrary<LeakOp> = fc.oneof(
  { weight: 20, arbitrary: singleOp },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('role'),
      change: fc.oneof(
        { weight: 4, arbitrary: fc.constant('toggle' as const) },
        fc.constant('same' as const),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('burst'),
      ops: fc.array(singleOp, { minLength: 2, maxLength: 4 }),
    }),
  },
) as fc.Arbitrary<LeakOp>;

/** The entities whose records an op may change (a ticket's deletion takes its comments). */
export function entitiesOf(op: LeakOp): ReadonlySet<string> {
  if (op.kind === 'burst') return new Set(op.ops.flatMap((o) => [...entitiesOf(o)]));
  if (op.kind === 'comment' || op.kind === 'deleteComment') return new Set(['comments']);
  if (op.kind === 'deleteTicket') return new Set(['tickets', 'comments']);
  if (op.kind === 'role') return new Set(['users']);
  return new Set(['tickets']);
}

/** A short text for a failure message. */
export function describeOp(op: LeakOp): string {
  return JSON.stringify(op);
}

let written = 0;

/**
 * Runs one op through HTTP as its actor; records what it created in `records`.
 * @example const outcome = await runOp(h, cast, records, { kind: 'role', change: 'toggle' });
 */
export async function runOp(
  h: Harness,
  cast: readonly TestUser[],
  records: RunRecords,
  op: LeakOp,
): Promise<OpOutcome> {
  if (op.kind === 'burst') {
    const outcomes = await Promise.all(op.ops.map((o) => runOp(h, cast, records, o)));
    const ok = outcomes.find((o) => o.status < 400);
    return ok ?? outcomes[0]!;
  }
  written += 1;
  // Mostly a ticket still there; now and then any, so writes to deleted tickets are tried too.
  const pickTicket = (i: number) => {
    const live = records.tickets.filter((t) => !t.deleted);
    const pool = live.length > 0 && i % 8 !== 7 ? live : records.tickets;
    return pool[i % pool.length]!;
  };
  const actor = (by: Who, requester?: string): TestUser =>
    by === 'requester' ? (cast.find((u) => u.id === requester) ?? cast[0]!) : cast[by]!;
  const call = async (user: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await h.request({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const body = res.body ? (res.json() as Record<string, unknown>) : {};
    return {
      res,
      body,
      outcome: { status: res.statusCode, ...(res.statusCode >= 400 ? { code: String(body.code) } : {}) },
    };
  };
  switch (op.kind) {
    case 'create': {
      const { body, outcome } = await call(cast[op.by]!, 'POST', '/api/entities/tickets', {
        subject: `Realtime ticket ${written}`,
        description: 'Something is broken.',
        priority: op.priority,
      });
      if (outcome.status === 201)
        records.tickets.push({ id: String(body.id), requester: String(body.requester) });
      return outcome;
    }
    case 'edit': {
      const t = pickTicket(op.ticket);
      const value = {
        subject: `Edited subject ${written}`,
        priority: PRIORITIES[written % PRIORITIES.length],
        category: CATEGORIES[written % CATEGORIES.length],
        tags: [`tag${written % 7}`],
      }[op.field];
      return (
        await call(actor(op.by, t.requester), 'PATCH', `/api/entities/tickets/${t.id}`, { [op.field]: value })
      ).outcome;
    }
    case 'transition': {
      const t = pickTicket(op.ticket);
      const user = actor(op.by, t.requester);
      let name: string = op.name;
      if (name === 'runnable') {
        const res = await h.request({
          method: 'GET',
          url: `/api/entities/tickets/${t.id}`,
          headers: user.headers,
        });
        const runnable = res.statusCode === 200 ? (res.json().$can.transitions as string[]) : [];
        name = runnable[op.pick % Math.max(1, runnable.length)] ?? TRANSITIONS[op.pick % TRANSITIONS.length]!;
      }
      const input =
        name === 'resolve'
          ? { resolution: 'Fixed it.' }
          : name === 'triage' && op.assignee !== null
            ? { assignee: cast[op.assignee]!.id }
            : {};
      return (await call(user, 'POST', `/api/entities/tickets/${t.id}/transitions/${name}`, input)).outcome;
    }
    case 'reassign': {
      const t = pickTicket(op.ticket);
      const assignee = op.to === null ? null : cast[op.to]!.id;
      return (await call(cast[op.by]!, 'PATCH', `/api/entities/tickets/${t.id}`, { assignee })).outcome;
    }
    case 'assignToMe':
      return (
        await call(cast[op.by]!, 'POST', '/api/actions/assignToMe', { ticketId: pickTicket(op.ticket).id })
      ).outcome;
    case 'comment': {
      const t = pickTicket(op.ticket);
      const { body, outcome } = await call(actor(op.by, t.requester), 'POST', '/api/entities/comments', {
        ticket: t.id,
        body: `Reply number ${written}`,
        ...(op.internal ? { internal: true } : {}),
      });
      if (outcome.status === 201) records.comments.push({ id: String(body.id), ticket: t.id });
      return outcome;
    }
    case 'role': {
      const now = cast[0]!.role as 'agent' | 'customer';
      const to = op.change === 'same' ? now : now === 'agent' ? 'customer' : 'agent';
      const { body, outcome } = await call(cast[ADMIN]!, 'PATCH', `/api/entities/users/${cast[0]!.id}`, {
        role: to,
      });
      return to !== now && outcome.status === 200 && body.role === to
        ? { ...outcome, roleChanged: to }
        : outcome;
    }
    case 'deleteTicket': {
      const t = pickTicket(op.ticket);
      const { outcome } = await call(cast[ADMIN]!, 'DELETE', `/api/entities/tickets/${t.id}`);
      if (outcome.status === 204) t.deleted = true;
      return outcome;
    }
    case 'deleteComment': {
      const c = records.comments[op.comment % Math.max(1, records.comments.length)];
      if (!c) return { status: 404, code: 'NOT_FOUND' };
      return (await call(cast[ADMIN]!, 'DELETE', `/api/entities/comments/${c.id}`)).outcome;
    }
  }
}
