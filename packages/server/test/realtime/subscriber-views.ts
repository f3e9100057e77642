/**
 * Subscribers as a client keeps them: each subscription starts from the REST list and
 * applies the events it hears. The checks compare both with REST as that user, at that
 * moment: an event may carry only a record that `GET /api/entities/x/id` answers to them,
 * field for field, and after every step each view must equal what REST lists for them.
 */
import { expect } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import type { EventMessage } from './test-socket';
import { TestSocket } from './test-socket';

/** A record as REST and events carry it. */
export type Rec = Record<string, unknown>;

/** One subscription: what it asks the server for, and what it means, written independently. */
export interface SubSpec {
  readonly id: string;
  readonly entity: 'tickets' | 'comments' | 'users';
  readonly query: Record<string, string>;
  readonly recordId?: string;
  readonly match: (record: Rec) => boolean;
}

/**
 * Every member's subscriptions: whole entities, filtered queries and one record.
 * @example subscriptionsFor(alice, anchorTicketId)
 */
export function subscriptionsFor(user: TestUser, anchor: string): SubSpec[] {
  return [
    { id: 'tickets', entity: 'tickets', query: {}, match: () => true },
    { id: 'open', entity: 'tickets', query: { status: 'open' }, match: (r) => r.status === 'open' },
    { id: 'mine', entity: 'tickets', query: { assignee: user.id }, match: (r) => r.assignee === user.id },
    { id: 'anchor', entity: 'tickets', query: {}, recordId: anchor, match: (r) => r.id === anchor },
    { id: 'comments', entity: 'comments', query: {}, match: () => true },
    { id: 'thread', entity: 'comments', query: { ticket: anchor }, match: (r) => r.ticket === anchor },
    { id: 'people', entity: 'users', query: {}, match: () => true },
  ];
}

/** Subscriptions whose meaning is the same for every member, so their events can be compared. */
const SHARED = new Set(['tickets', 'open', 'anchor', 'comments', 'thread', 'people']);

/** A member of the cast: their session, their socket, and the views their events built. */
export interface Member {
  readonly name: string;
  user: TestUser;
  socket: TestSocket;
  subs: SubSpec[];
  /** sub id → record id → record, as the events left it. */
  views: Map<string, Map<string, Rec>>;
  /** `sub:id` → the highest version heard, across reconnections. */
  readonly versions: Map<string, number>;
}

/** What REST says at one moment, as one user; cached for one step (nothing writes meanwhile). */
export class RestNow {
  readonly #gets = new Map<string, Promise<Rec | null>>();
  constructor(
    private readonly h: Harness,
    /** Lists show only records made since then: those of this run. */
    private readonly since: string,
  ) {}

  /** `GET /api/entities/x/id` as the user: the record without `$can`, or null for 404. */
  get(user: TestUser, entity: string, id: string): Promise<Rec | null> {
    const key = `${user.token}:${entity}:${id}`;
    let got = this.#gets.get(key);
    if (!got) {
      got = this.h
        .request({ method: 'GET', url: `/api/entities/${entity}/${id}`, headers: user.headers })
        .then((res) => {
          if (res.statusCode === 404) return null;
          expect(res.statusCode, `GET ${entity}/${id} as ${user.role}: ${res.body}`).toBe(200);
          const { $can: _, ...record } = res.json() as Rec;
          return record;
        });
      this.#gets.set(key, got);
    }
    return got;
  }

  /** Every record of the run in `entity` the user may list. */
  async list(user: TestUser, entity: string): Promise<Rec[]> {
    const query = new URLSearchParams({ 'createdAt[gte]': this.since, limit: '100', sort: 'createdAt' });
    const res = await this.h.request({
      method: 'GET',
      url: `/api/entities/${entity}?${query}`,
      headers: user.headers,
    });
    expect(res.statusCode, `list ${entity} as ${user.role}: ${res.body}`).toBe(200);
    const page = res.json() as { items: Rec[]; nextCursor: string | null };
    expect(page.nextCursor, 'a run makes fewer than 100 records of a kind').toBeNull();
    return page.items;
  }

  /** What each of a member's views (of the given entities, or all) should hold now. */
  async expected(member: Member, only?: ReadonlySet<string>): Promise<Map<string, Map<string, Rec>>> {
    const subs = member.subs.filter((s) => !only || only.has(s.entity));
    const entities = [...new Set(subs.map((s) => s.entity))];
    const lists = new Map(
      await Promise.all(entities.map(async (e) => [e, await this.list(member.user, e)] as const)),
    );
    return new Map(
      subs.map((s) => [
        s.id,
        new Map(
          (lists.get(s.entity) ?? [])
            .filter((r) => (!s.recordId || r.id === s.recordId) && s.match(r))
            .map((r) => [String(r.id), r]),
        ),
      ]),
    );
  }
}

/**
 * Opens the member's socket, subscribes to everything, and starts the views from REST.
 * @example await connect(port, member, new RestNow(h, since));
 */
export async function connect(port: number, member: Member, rest: RestNow): Promise<void> {
  member.socket = await TestSocket.open(port, member.user.headers);
  expect(member.socket.caller, `${member.name} is signed in on the socket`).toEqual({
    id: member.user.id,
    role: member.user.role,
  });
  for (const s of member.subs) await member.socket.subscribe(s.id, s.entity, s.query, s.recordId);
  member.views = await rest.expected(member);
  // What it holds now is where its versions continue from.
  member.versions.clear();
  for (const [sub, view] of member.views)
    for (const [id, record] of view) member.versions.set(`${sub}:${id}`, Number(record.version));
}

/** Counts, to show afterwards that the property was not vacuous. */
export type Tally = Map<string, number>;

/** Adds one to a tally key. */
export function count(tally: Tally, key: string): void {
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

/**
 * One event against REST now. `later` is what this subscription heard next of the same record
 * in the same step: only a burst hears a record twice, and then REST has moved past the
 * earlier event, which must still carry exactly the fields REST shows this user.
 */
async function checkEvent(
  h: Harness,
  rest: RestNow,
  member: Member,
  e: EventMessage,
  where: string,
  later: EventMessage | undefined,
): Promise<void> {
  const spec = member.subs.find((s) => s.id === e.sub);
  expect(spec, `${where}: an event on an unknown subscription ${e.sub}`).toBeDefined();
  const sub = spec!;
  const what = `${where}: ${member.name} (${member.user.role}) heard '${e.event}' of ${e.entity} ${e.id} on '${sub.id}'`;
  expect(e.entity, what).toBe(sub.entity);
  if (sub.recordId) expect(e.id, what).toBe(sub.recordId);
  const view = member.views.get(sub.id)!;
  const key = `${sub.id}:${e.id}`;
  if (e.event === 'deleted' || e.event === 'removed') {
    expect(view.has(e.id), `${what}, of a record it did not hold`).toBe(true);
    const now = await rest.get(member.user, e.entity, e.id);
    if (e.event === 'removed') {
      // Within a burst it may match again by the end (reassigned away and back): then the
      // later event is what REST is compared with.
      if (!later) expect(now !== null && sub.match(now), `${what}, yet REST still shows it`).toBe(false);
    } else {
      const rows = await h.nf.db.all(h.nf.db.qb.selectFrom(e.entity).select('id').where('id', '=', e.id));
      expect(rows, `${what}, yet the row exists`).toEqual([]);
    }
    view.delete(e.id);
    return;
  }
  const now = await rest.get(member.user, e.entity, e.id);
  const gone = later?.event === 'deleted' || later?.event === 'removed';
  if (!gone) expect(now, `${what}, which REST hides from them (a leak)`).not.toBeNull();
  if (!later)
    expect(e.record, `${what}: not the record REST answers (a field leak or stale data)`).toEqual(now);
  else if (now)
    expect(Object.keys(e.record!).sort(), `${what}: fields REST hides`).toEqual(Object.keys(now).sort());
  expect(sub.match(e.record!), `${what}, which does not match the subscription`).toBe(true);
  expect(view.has(e.id), `${what}: '${e.event}' disagrees with what it held`).toBe(e.event !== 'created');
  if (e.event === 'transitioned') expect(typeof e.name, `${what}: no transition name`).toBe('string');
  const version = Number(e.record!.version);
  const previous = member.versions.get(key);
  expect(version, `${what}: versions must increase`).toBeGreaterThan(previous ?? 0);
  // Held all along, so every write in between was one it could read: each bumps the version
  // by one, and none may go missing, not even inside a burst of writes to the same record.
  if (view.has(e.id) && previous !== undefined)
    expect(version, `${what}: version ${previous + 1} never arrived (a lost event)`).toBe(previous + 1);
  member.versions.set(key, version);
  view.set(e.id, e.record!);
}

/**
 * Checks every event the members heard in one step, then their views against REST: the
 * views of the entities the step wrote (`options.entities`) or heard of, or all of them.
 * @example await checkStep(h, rest, members, 'step 3', tally, heard, { refused: false, entities });
 */
export async function checkStep(
  h: Harness,
  rest: RestNow,
  members: readonly Member[],
  where: string,
  tally: Tally,
  heard: ReadonlyMap<Member, EventMessage[]>,
  options: { readonly refused: boolean; readonly entities?: ReadonlySet<string> },
): Promise<void> {
  const delivered = new Set<string>();
  for (const m of members) {
    const events = heard.get(m) ?? [];
    if (options.refused) expect(events, `${where}: a refused write announced something`).toEqual([]);
    for (const [i, e] of events.entries()) {
      const later = events.slice(i + 1).find((x) => x.sub === e.sub && x.id === e.id);
      await checkEvent(h, rest, m, e, where, later);
      count(tally, `${e.entity}:${e.event}`);
      if (e.event !== 'deleted' && e.event !== 'removed') delivered.add(`${e.sub}|${e.id}`);
    }
  }
  for (const m of members) {
    const got = new Set((heard.get(m) ?? []).map((e) => `${e.sub}|${e.id}`));
    for (const d of delivered) {
      const [sub] = d.split('|');
      if (SHARED.has(sub!) && !got.has(d)) {
        count(tally, `withheld:${m.subs.find((s) => s.id === sub)!.entity}:${m.user.role}`);
      }
    }
  }
  const only =
    options.entities && new Set([...options.entities, ...[...heard.values()].flat().map((e) => e.entity)]);
  await Promise.all(
    members.map(async (m) => {
      const want = await rest.expected(m, only);
      for (const s of m.subs.filter((x) => want.has(x.id))) {
        const view = Object.fromEntries(m.views.get(s.id) ?? []);
        expect(
          view,
          `${where}: ${m.name}'s view '${s.id}' differs from REST (a lost or leaked event)`,
        ).toEqual(Object.fromEntries(want.get(s.id) ?? []));
      }
    }),
  );
}
