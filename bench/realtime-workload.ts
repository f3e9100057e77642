/**
 * The writes of the realtime benchmark and who must hear of each. Writes are a helpdesk's
 * day: customers file tickets and reply, agents triage, wait, resolve, reassign, reprioritize
 * and write internal notes. No two writes touch one ticket at once, so the benchmark knows
 * each ticket's state before and after every write, and from that — by the helpdesk's
 * rules, written out here by hand — exactly which subscriptions must hear of it.
 */
import type { Person, SeedTicket } from './realtime-population';

/** A ticket as the benchmark's writes left it. */
interface TicketState {
  readonly id: string;
  readonly requester: string;
  status: string;
  version: number;
  busy: boolean;
  /** How many times it has left `open` so far. */
  removals?: number;
}

/** One HTTP write to make. */
export interface Write {
  readonly kind: string;
  readonly by: Person;
  readonly method: 'POST' | 'PATCH';
  readonly path: string;
  readonly body: object;
  readonly ticket?: TicketState;
  readonly internal?: boolean;
}

/** A committed change, and what decides who may hear of it. */
export interface Change {
  /** `entity:id:version`, as the subscribers' events name it. */
  readonly key: string;
  /** The write that made it. */
  readonly kind: string;
  readonly entity: 'tickets' | 'comments';
  readonly id: string;
  /** For a ticket leaving `open`: which time (0, 1, …), as `removed` events carry no version. */
  readonly removal?: number;
  /** The ticket's requester (of the comment's ticket, for a comment). */
  readonly requester: string;
  readonly internal: boolean;
  /** The ticket's status before and after (null for a comment). */
  readonly before: string | null;
  readonly after: string | null;
}

/** The subscriptions each role opens: [id, entity, query]. */
export const SUBSCRIPTIONS: Record<Person['role'], readonly [string, string, Record<string, string>][]> = {
  customer: [
    ['tickets', 'tickets', {}],
    ['comments', 'comments', {}],
  ],
  agent: [
    ['tickets', 'tickets', {}],
    ['open', 'tickets', { status: 'open' }],
    ['comments', 'comments', {}],
  ],
  admin: [
    ['tickets', 'tickets', {}],
    ['open', 'tickets', { status: 'open' }],
    ['comments', 'comments', {}],
  ],
};

/**
 * Whether a subscription of this person must hear of the change — the helpdesk's read rules:
 * customers read their own tickets and their non-internal comments; agents and the admin
 * read everything; `open` hears a ticket that was or now is open.
 * @example entitled(alice, 'comments', change)
 */
export function entitled(person: Person, sub: string, c: Change): boolean {
  const staff = person.role !== 'customer';
  if (c.entity === 'tickets') {
    if (sub === 'tickets') return staff || person.id === c.requester;
    if (sub === 'open') return staff && (c.before === 'open' || c.after === 'open');
    return false;
  }
  return sub === 'comments' && (staff || (person.id === c.requester && !c.internal));
}

/**
 * The key of the event a subscription hears of a change: the record's version, or — for a
 * ticket leaving a filtered subscription, which hears `removed` with no record — the
 * ticket's nth removal.
 * @example eventKey(change, 'open') // 'tickets:0192…:removed#0'
 */
export function eventKey(c: Change, sub: string): string {
  return sub === 'open' && c.removal !== undefined ? `${c.entity}:${c.id}:removed#${c.removal}` : c.key;
}

/** A tiny seeded random source, so two runs make the same kinds of writes. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRIORITIES = ['low', 'normal', 'high', 'urgent'];

/**
 * The writes, one after another, and what each committed.
 * @example
 * const workload = new Workload(people, seeded);
 * const w = workload.next(); const res = await send(w);
 * const change = workload.settle(w, res.status, await res.json());
 */
export class Workload {
  readonly #customers: Person[];
  /** Agents and the admin: whoever does an agent's work. */
  readonly #staff: Person[];
  /** Whoever a ticket may be assigned to. */
  readonly #agents: Person[];
  readonly #byId: Map<string, Person>;
  readonly #live: TicketState[];
  readonly #next: () => number;

  constructor(people: readonly Person[], seeded: readonly SeedTicket[], seed = 7) {
    this.#customers = people.filter((p) => p.role === 'customer');
    this.#staff = people.filter((p) => p.role !== 'customer');
    this.#agents = people.filter((p) => p.role === 'agent');
    this.#byId = new Map(people.map((p) => [p.id, p]));
    this.#live = seeded.map((t) => ({ ...t, status: 'new', version: 1, busy: false }));
    this.#next = random(seed);
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#next() * items.length)]!;
  }

  #freeTicket(): TicketState | undefined {
    for (let i = 0; i < 20 && this.#live.length > 0; i++) {
      const t = this.#pick(this.#live);
      if (!t.busy) return t;
    }
    return undefined;
  }

  /** The next write: a ticket filed, moved, edited or commented on. */
  next(): Write {
    const roll = this.#next();
    const ticket = roll < 0.2 ? undefined : this.#freeTicket();
    const agent = this.#pick(this.#staff);
    if (!ticket) {
      const by = this.#pick(this.#customers);
      const body = {
        subject: 'Realtime benchmark ticket',
        description: 'Please help.',
        priority: this.#pick(PRIORITIES),
      };
      return { kind: 'create ticket', by, method: 'POST', path: '/api/entities/tickets', body };
    }
    const requester = this.#byId.get(ticket.requester)!;
    const path = `/api/entities/tickets/${ticket.id}`;
    if (roll < 0.5) {
      const [name, by, body] = this.#transition(ticket, requester, agent);
      ticket.busy = true;
      return {
        kind: `transition ${name}`,
        by,
        method: 'POST',
        path: `${path}/transitions/${name}`,
        body,
        ticket,
      };
    }
    if (roll < 0.7) {
      ticket.busy = true;
      const body =
        this.#next() < 0.5 ? { priority: this.#pick(PRIORITIES) } : { assignee: this.#pick(this.#agents).id };
      return { kind: 'update ticket', by: agent, method: 'PATCH', path, body, ticket };
    }
    const internal = this.#next() < 0.3;
    const by = internal || this.#next() < 0.3 ? agent : requester;
    const body = { ticket: ticket.id, body: 'Any news on this?', ...(internal ? { internal: true } : {}) };
    return {
      kind: internal ? 'internal note' : 'reply',
      by,
      method: 'POST',
      path: '/api/entities/comments',
      body,
      ticket,
      internal,
    };
  }

  #transition(t: TicketState, requester: Person, agent: Person): [string, Person, object] {
    const r = this.#next();
    switch (t.status) {
      case 'new':
        return ['triage', agent, r < 0.5 ? { assignee: this.#pick(this.#agents).id } : {}];
      case 'open':
        return r < 0.6 ? ['await', agent, {}] : ['resolve', agent, { resolution: 'Fixed.' }];
      case 'pending':
        return r < 0.6 ? ['respond', requester, {}] : ['resolve', agent, { resolution: 'Fixed.' }];
      default:
        return r < 0.4 ? ['reopen', requester, {}] : ['close', r < 0.7 ? agent : requester, {}];
    }
  }

  /** Takes a write's answer: updates the tickets it knows, and returns what was committed. */
  settle(w: Write, status: number, body: Record<string, unknown>): Change | null {
    if (w.ticket && w.kind !== 'reply' && w.kind !== 'internal note') w.ticket.busy = false;
    if (status >= 300) return null;
    const key = `${w.method === 'POST' && w.path === '/api/entities/comments' ? 'comments' : 'tickets'}:${body.id}:${body.version}`;
    if (w.kind === 'create ticket') {
      const t: TicketState = {
        id: String(body.id),
        requester: w.by.id,
        status: 'new',
        version: 1,
        busy: false,
      };
      this.#live.push(t);
      return {
        key,
        kind: w.kind,
        entity: 'tickets',
        id: t.id,
        requester: t.requester,
        internal: false,
        before: null,
        after: 'new',
      };
    }
    const t = w.ticket!;
    if (w.kind === 'reply' || w.kind === 'internal note')
      return {
        key,
        kind: w.kind,
        entity: 'comments',
        id: String(body.id),
        requester: t.requester,
        internal: w.internal === true,
        before: null,
        after: null,
      };
    // A patch that changes nothing commits nothing, and announces nothing.
    if (Number(body.version) === t.version) return null;
    t.version = Number(body.version);
    const before = t.status;
    t.status = String(body.status);
    if (t.status === 'closed' || t.status === 'cancelled') this.#live.splice(this.#live.indexOf(t), 1);
    const removal = before === 'open' && t.status !== 'open' ? (t.removals ?? 0) : undefined;
    if (removal !== undefined) t.removals = removal + 1;
    return {
      key,
      kind: w.kind,
      entity: 'tickets',
      id: t.id,
      ...(removal === undefined ? {} : { removal }),
      requester: t.requester,
      internal: false,
      before,
      after: t.status,
    };
  }
}
