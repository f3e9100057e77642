/**
 * Point 6 as a property: for random (caller × entity × operation × record) cases — get,
 * list (by id and full scans, with filters), count, create, update with random field
 * subsets, delete, transitions and actions — the server answers what the hand-written
 * oracle says. Then the same property, run on copies of the helpdesk with one rule loosened,
 * must find a mismatch. FC_SEED replays a failure; PERMISSION_RUNS changes the run count.
 */

import helpdesk from '@ninefold/example-helpdesk';
import { type App, allow, and, callerIs, can, inState } from '@ninefold/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type EntityName, listStatus, type Row, STATE_NAMES, type World } from './helpdesk-oracle';
import {
  buildPopulation,
  ENTITIES,
  loadWorld,
  type Population,
  type Running,
  serveAlongside,
  startApp,
} from './helpdesk-population';
import { withGrants } from './loosen-rule';
import { type Case, caseArbitrary, describeCase } from './permission-case';
import { expectedList, listAll, Mismatch, runCase } from './run-permission-case';

const RUNS = Number(process.env.PERMISSION_RUNS ?? 5_000);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

interface Started {
  readonly r: Running;
  readonly pop: Population;
  readonly world: World;
}

async function checkMatrix(s: Started, params: fc.Parameters<[Case]>, tally?: Map<string, number>) {
  const property = fc.asyncProperty(caseArbitrary(s.world, s.pop), async (c) => {
    const outcome = await runCase(s.r, s.world, c);
    const key = `${c.op}:${outcome}`;
    tally?.set(key, (tally.get(key) ?? 0) + 1);
  });
  return fc.check(property, { ...(SEED === undefined ? {} : { seed: SEED }), ...params });
}

function rowsOf(world: World): Record<string, unknown> {
  const byId = (a: Row, b: Row) => String(a.id).localeCompare(String(b.id));
  return Object.fromEntries(ENTITIES.map((e) => [e, [...world.rows[e].values()].sort(byId)]));
}

/** One rule loosened on purpose, and the role whose answers must then give it away. */
const BREAKS: readonly { name: string; app: () => App; role: string }[] = [
  {
    name: 'customers read every ticket',
    app: () => withGrants(helpdesk, 'tickets', 'read', 'customer', [{ where: allow() }]),
    role: 'customer',
  },
  {
    name: 'customers read the internal notes on their tickets',
    app: () => withGrants(helpdesk, 'comments', 'read', 'customer', [{ where: can('ticket', 'read') }]),
    role: 'customer',
  },
  {
    name: 'customers may change the priority of their tickets',
    app: () =>
      withGrants(helpdesk, 'tickets', 'update', 'customer', [
        { where: and(callerIs('requester'), inState('new')), fields: ['subject', 'description'] },
        { where: callerIs('requester'), fields: ['satisfaction', 'priority'] },
      ]),
    role: 'customer',
  },
  {
    name: 'agents may delete tickets',
    app: () => withGrants(helpdesk, 'tickets', 'delete', 'agent', [{ where: allow() }]),
    role: 'agent',
  },
  {
    name: 'the signed out read draft articles',
    app: () => withGrants(helpdesk, 'articles', 'read', 'anonymous', [{ where: allow() }]),
    role: 'anonymous',
  },
];

describe.each(DIALECTS)('the permission matrix on %s', (dialect) => {
  let s: Started;
  beforeAll(async () => {
    const r = await startApp(helpdesk, dialect);
    const pop = await buildPopulation(r);
    s = { r, pop, world: await loadWorld(r) };
  }, 120_000);
  afterAll(() => s?.r.close());

  it('has a population with every role, every state for several customers, notes and drafts', () => {
    const roles = new Set(s.pop.actors.map((a) => a.role));
    expect([...roles].sort()).toEqual(['admin', 'agent', 'anonymous', 'customer']);
    const tickets = [...s.world.rows.tickets.values()];
    for (const name of ['cust1', 'cust2', 'cust3']) {
      const mine = tickets.filter((t) => t.requester === s.pop.byName[name]!.id).map((t) => t.status);
      expect(new Set(mine)).toEqual(new Set(STATE_NAMES));
    }
    const comments = [...s.world.rows.comments.values()];
    expect(comments.filter((c) => c.internal === true).length).toBeGreaterThan(3);
    expect(comments.filter((c) => c.internal === false).length).toBeGreaterThan(10);
    const articles = [...s.world.rows.articles.values()];
    expect(articles.map((a) => a.published).sort()).toEqual([false, false, true, true, true]);
    expect(s.world.rows.teams.size).toBe(2);
    expect(new Set(tickets.map((t) => t.assignee)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(ENTITIES)('lists and counts exactly the %s each caller may read, in full scans', async (entity) => {
    for (const actor of s.pop.actors) {
      const got = await listAll(s.r, actor, entity as EntityName, '');
      const want = expectedList(actor, entity as EntityName, null, s.world);
      expect({ who: actor.name, status: got.status }).toEqual({
        who: actor.name,
        status: listStatus(actor, entity as EntityName),
      });
      expect({ who: actor.name, ids: got.ids.sort() }).toEqual({ who: actor.name, ids: want.ids.sort() });
    }
  });

  it(`agrees with the oracle on ${RUNS} random cases`, async () => {
    const tally = new Map<string, number>();
    const details = await checkMatrix(s, { numRuns: RUNS }, tally);
    if (details.failed) {
      console.error(
        `[permission matrix on ${dialect}] failed: seed=${details.seed} path=${details.counterexamplePath}`,
      );
      throw new Error(`${await fc.asyncDefaultReportMessage(details)}\n${String(details.errorInstance)}`);
    }
    expect(details.numRuns).toBe(RUNS);
    console.info(`[permission matrix on ${dialect}] ${RUNS} cases:`, Object.fromEntries([...tally].sort()));
    // Not vacuous: every operation was both allowed and refused, and reads were hidden.
    for (const op of ['get', 'list', 'update', 'create', 'transition', 'delete'])
      for (const end of ['ok', op === 'get' ? 'notFound' : 'refused'])
        expect(tally.get(`${op}:${end}`) ?? 0, `${op}:${end}`).toBeGreaterThan(RUNS / 1000);
    // Every write was on a clone or undone: the population is as it was.
    expect(rowsOf(await loadWorld(s.r))).toEqual(rowsOf(s.world));
  }, 600_000);

  it.each(BREAKS)(
    'finds a mismatch on a copy of the app where $name',
    async ({ app, role }) => {
      // The broken copy is served from the same database: the same population and sessions.
      const broken: Started = { ...s, r: await serveAlongside(app(), s.r) };
      try {
        const details = await checkMatrix(broken, { numRuns: RUNS, endOnFailure: true });
        expect(details.failed).toBe(true);
        // A disagreement with the oracle, not a crash of the test itself.
        expect(details.errorInstance).toBeInstanceOf(Mismatch);
        const [c] = details.counterexample ?? [];
        expect(c?.actor.role, c ? describeCase(c) : 'no counterexample').toBe(role);
      } finally {
        await broken.r.close();
      }
      expect(rowsOf(await loadWorld(s.r))).toEqual(rowsOf(s.world));
    },
    300_000,
  );
});
