/**
 * The permission matrix as random cases — (caller × entity × operation × record) — drawn
 * over a population: reads mostly, then writes with random field subsets (forbidden fields
 * included), transitions and actions.
 */
import fc from 'fast-check';
import { canRead, type EntityName, grantedFields, TRANSITIONS, type World } from './helpdesk-oracle';
import { ENTITIES, type PopActor, type Population } from './helpdesk-population';

/** An id no record has. */
export const MISSING_ID = '01900000-0000-7000-8000-000000000000';

export interface ListFilter {
  readonly field: string;
  /** As sent in the query string. */
  readonly raw: string;
  /** As the oracle compares it with a row's value. */
  readonly value: unknown;
}

export type Body = Readonly<Record<string, unknown>>;

/** One check of the matrix: who asks, what, about which record. */
export type Case =
  | { readonly op: 'get'; readonly actor: PopActor; readonly entity: EntityName; readonly id: string }
  | {
      readonly op: 'list';
      readonly actor: PopActor;
      readonly entity: EntityName;
      readonly filter: ListFilter | null;
    }
  | {
      readonly op: 'update';
      readonly actor: PopActor;
      readonly entity: EntityName;
      readonly id: string;
      readonly patch: Body;
    }
  | { readonly op: 'delete'; readonly actor: PopActor; readonly entity: EntityName; readonly id: string }
  | { readonly op: 'create'; readonly actor: PopActor; readonly entity: EntityName; readonly body: Body }
  | {
      readonly op: 'transition';
      readonly actor: PopActor;
      readonly id: string;
      readonly name: string;
      readonly input: Body;
    }
  | { readonly op: 'history'; readonly actor: PopActor; readonly entity: EntityName; readonly id: string }
  | { readonly op: 'audit'; readonly actor: PopActor }
  | { readonly op: 'ticketStats'; readonly actor: PopActor }
  | { readonly op: 'assignToMe'; readonly actor: PopActor; readonly id: string };

/** A short description of a case, for failure reports. */
export function describeCase(c: Case): string {
  const { actor, ...rest } = c;
  return `${actor.name} (${actor.role}) ${JSON.stringify(rest)}`;
}

function idsOf(world: World, entity: EntityName): string[] {
  return [...world.rows[entity].keys()];
}

function filtersFor(world: World, entity: EntityName): ListFilter[] {
  const eq = (field: string, value: unknown): ListFilter => ({
    field,
    raw: value === null ? 'null' : String(value),
    value,
  });
  const userIds = idsOf(world, 'users');
  const byId = idsOf(world, entity).map((id) => eq('id', id));
  switch (entity) {
    case 'tickets':
      return [
        ...byId,
        ...['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'].map((s) => eq('status', s)),
        ...['low', 'normal', 'high', 'urgent'].map((p) => eq('priority', p)),
        ...userIds.map((u) => eq('requester', u)),
        ...userIds.filter((u) => world.rows.users.get(u)?.role === 'agent').map((u) => eq('assignee', u)),
        eq('assignee', null),
      ];
    case 'comments':
      return [
        ...byId,
        ...idsOf(world, 'tickets').map((t) => eq('ticket', t)),
        eq('internal', true),
        eq('internal', false),
        ...userIds.map((u) => eq('author', u)),
      ];
    case 'articles':
      return [...byId, eq('published', true), eq('published', false)];
    case 'users':
      return [
        ...byId,
        ...['customer', 'agent', 'admin'].map((r) => eq('role', r)),
        eq('disabled', false),
        eq('disabled', true),
        ...[...world.rows.users.values()].map((u) => eq('email', u.email)),
      ];
    case 'teams':
      return [...byId, ...[...world.rows.teams.values()].map((t) => eq('name', t.name))];
  }
}

interface FieldGens {
  readonly required: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  readonly optional: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

function fieldGens(world: World, pop: Population, entity: EntityName): FieldGens {
  const users = idsOf(world, 'users');
  const agents = users.filter((u) => world.rows.users.get(u)?.role === 'agent');
  const nonAgents = users.filter((u) => world.rows.users.get(u)?.role !== 'agent');
  const tickets = idsOf(world, 'tickets');
  const teams = [...pop.teamIds];
  const iso = fc.constant('2030-01-01T00:00:00.000Z');
  const serverSet = {
    id: fc.constant(MISSING_ID),
    createdAt: iso,
    version: fc.constant(99),
    bogus: fc.constant('x'),
  };
  switch (entity) {
    case 'tickets':
      return {
        required: {
          subject: fc.constantFrom('A better subject', 'Still broken today'),
          description: fc.constant('More detail here.'),
        },
        optional: {
          priority: fc.constantFrom('low', 'normal', 'high', 'urgent'),
          category: fc.constantFrom('billing', 'technical', 'account', 'other'),
          assignee: fc.constantFrom(...agents, ...agents, null, nonAgents[0]!),
          team: fc.constantFrom(...teams, null),
          tags: fc.constantFrom([], ['vip'], ['a', 'b']),
          satisfaction: fc.constantFrom(null, 1, 4, 5),
          status: fc.constantFrom('open', 'closed'),
          requester: fc.constantFrom(...users),
          resolution: fc.constant('Done.'),
          resolvedAt: iso,
          dueAt: iso,
          ...serverSet,
        },
      };
    case 'comments':
      return {
        required: { ticket: fc.constantFrom(...tickets, MISSING_ID), body: fc.constant('A comment.') },
        optional: { internal: fc.boolean(), author: fc.constantFrom(...users), ...serverSet },
      };
    case 'articles':
      return {
        required: { title: fc.constant('How to reset'), body: fc.constant('Click the button.') },
        optional: { published: fc.boolean(), author: fc.constantFrom(...users), ...serverSet },
      };
    case 'teams':
      return {
        required: { name: fc.integer({ min: 1, max: 1e9 }).map((n) => `Team ${n}`) },
        optional: { description: fc.constant('They help.'), ...serverSet },
      };
    case 'users':
      return {
        required: {
          email: fc.uuid().map((u) => `new-${u}@test.example`),
          name: fc.constant('Renamed'),
          role: fc.constantFrom('customer', 'agent', 'admin'),
        },
        optional: { disabled: fc.boolean(), team: fc.constantFrom(...teams, null), ...serverSet },
      };
  }
}

function bodyArb(gens: Readonly<Record<string, fc.Arbitrary<unknown>>>, keys: readonly string[]) {
  return fc.record(Object.fromEntries(keys.map((k) => [k, gens[k]!]))) as fc.Arbitrary<Body>;
}

function patchArb(g: FieldGens): fc.Arbitrary<Body> {
  const all = { ...g.required, ...g.optional };
  // Writable fields more often than not, so allowed writes are common too.
  return fc.subarray(Object.keys(all), { maxLength: 3 }).chain((keys) => bodyArb(all, keys));
}

function createArb(g: FieldGens): fc.Arbitrary<Body> {
  const required = Object.keys(g.required);
  return fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(required) },
        { weight: 1, arbitrary: fc.subarray(required) },
      ),
      fc.subarray(Object.keys(g.optional), { maxLength: 2 }),
    )
    .chain(([req, opt]) => bodyArb({ ...g.required, ...g.optional }, [...req, ...opt]));
}

/**
 * Random cases over a population: reads mostly, then writes, transitions and actions.
 * @example fc.assert(fc.asyncProperty(caseArbitrary(world, pop), (c) => runCase(r, world, c)))
 */
export function caseArbitrary(world: World, pop: Population): fc.Arbitrary<Case> {
  const actor = fc.constantFrom(...pop.actors);
  const entity = fc.constantFrom(...ENTITIES);
  const target = (e: EntityName) => fc.constantFrom(...idsOf(world, e), MISSING_ID);
  const gens = Object.fromEntries(ENTITIES.map((e) => [e, fieldGens(world, pop, e)])) as Record<
    EntityName,
    FieldGens
  >;
  const filters = Object.fromEntries(ENTITIES.map((e) => [e, filtersFor(world, e)])) as Record<
    EntityName,
    ListFilter[]
  >;
  const agents = idsOf(world, 'users').filter((u) => world.rows.users.get(u)?.role === 'agent');
  // Half the targets are records the caller can read, and half the patches stay within what
  // the oracle lets them write: otherwise nearly every write would be refused.
  const readableBy = (a: PopActor, e: EntityName) =>
    idsOf(world, e).filter((id) => canRead(a, e, world.rows[e].get(id)!, world));
  const likelyTarget = (a: PopActor, e: EntityName) => {
    const mine = readableBy(a, e);
    return mine.length > 0 ? fc.oneof(target(e), fc.constantFrom(...mine)) : target(e);
  };
  const get = fc
    .record({ op: fc.constant('get' as const), actor, e: entity })
    .chain(({ op, actor, e }) => target(e).map((id) => ({ op, actor, entity: e, id })));
  const list = fc
    .record({ op: fc.constant('list' as const), actor, e: entity })
    .chain(({ op, actor, e }) =>
      fc
        .option(fc.constantFrom(...filters[e]), { freq: 4 })
        .map((filter) => ({ op, actor, entity: e, filter })),
    );
  const update = fc.record({ actor, e: entity }).chain(({ actor, e }) =>
    likelyTarget(actor, e).chain((id) => {
      const row = world.rows[e].get(id);
      const allowed = row ? grantedFields(actor, e, row) : [];
      const all = { ...gens[e].required, ...gens[e].optional };
      const patch =
        allowed.length > 0
          ? fc.oneof(
              patchArb(gens[e]),
              fc
                .subarray(allowed, { minLength: 1, maxLength: Math.min(3, allowed.length) })
                .chain((keys) => bodyArb(all, keys)),
            )
          : patchArb(gens[e]);
      return patch.map((p) => ({ op: 'update' as const, actor, entity: e, id, patch: p }));
    }),
  );
  const del = fc
    .record({ op: fc.constant('delete' as const), actor, e: entity })
    .chain(({ op, actor, e }) => likelyTarget(actor, e).map((id) => ({ op, actor, entity: e, id })));
  const create = fc
    .record({ op: fc.constant('create' as const), actor, e: entity })
    .chain(({ op, actor, e }) => createArb(gens[e]).map((body) => ({ op, actor, entity: e, body })));
  const names = [...Object.keys(TRANSITIONS), 'explode'];
  const inputFor = (name: string) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: name === 'resolve' ? fc.constant({ resolution: 'Fixed it.' }) : fc.constant({}),
      },
      {
        weight: name === 'triage' ? 4 : 0,
        arbitrary: fc.constantFrom(...agents).map((a) => ({ assignee: a })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom({ resolution: 'Fixed it.' }, { assignee: agents[0] }, { bogus: 1 }),
      },
    ) as fc.Arbitrary<Body>;
  const transition = target('tickets').chain((id) => {
    const row = world.rows.tickets.get(id);
    const fitting = row ? names.filter((n) => TRANSITIONS[n]?.from.includes(String(row.status))) : [];
    const likely = pop.actors.filter(
      (a) => a.role === 'agent' || a.role === 'admin' || a.id === row?.requester,
    );
    return fc
      .record({
        actor: fc.oneof(actor, fc.constantFrom(...likely)),
        name:
          fitting.length > 0
            ? fc.oneof(fc.constantFrom(...names), fc.constantFrom(...fitting))
            : fc.constantFrom(...names),
      })
      .chain(({ actor, name }) =>
        inputFor(name).map((input) => ({ op: 'transition' as const, actor, id, name, input })),
      );
  });
  const history = fc
    .record({ op: fc.constant('history' as const), actor, e: entity })
    .chain(({ op, actor, e }) => likelyTarget(actor, e).map((id) => ({ op, actor, entity: e, id })));
  const audit = fc.record({ op: fc.constant('audit' as const), actor });
  const stats = fc.record({ op: fc.constant('ticketStats' as const), actor });
  const assign = fc.record({ op: fc.constant('assignToMe' as const), actor, id: target('tickets') });
  return fc.oneof(
    { weight: 30, arbitrary: get },
    { weight: 26, arbitrary: list },
    { weight: 3, arbitrary: history },
    { weight: 1, arbitrary: audit },
    { weight: 15, arbitrary: update },
    { weight: 8, arbitrary: create },
    { weight: 10, arbitrary: transition },
    { weight: 3, arbitrary: del },
    { weight: 2, arbitrary: stats },
    { weight: 2, arbitrary: assign },
  ) as fc.Arbitrary<Case>;
}
