/**
 * Totals, search and expand as a property, once per dialect, over the helpdesk's permission
 * population: for a random caller, entity, filter, search word and page size, `total` equals
 * what the hand-written oracle counts among the rows the caller may read (helpdesk-oracle.ts,
 * which knows nothing of SQL), and every `$expand`ed record equals the caller's own GET of it
 * — or is null where that GET is NOT_FOUND. LIST_RUNS changes the run count; FC_SEED replays.
 */
import helpdesk from '@ninefold/example-helpdesk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canRead,
  type EntityName,
  listStatus,
  type Row,
  visibleFields,
  type World,
} from '../permissions/helpdesk-oracle';
import {
  buildPopulation,
  ENTITIES,
  loadWorld,
  type PopActor,
  type Population,
  type Running,
  startApp,
} from '../permissions/helpdesk-population';
import { DIALECTS } from '../test-databases';

const RUNS = Number(process.env.LIST_RUNS ?? 60);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

/** Equality filters the oracle can judge on its own, per entity. */
const FILTERS: Readonly<Record<EntityName, readonly [string, string][]>> = {
  users: [
    ['role', 'customer'],
    ['role', 'agent'],
  ],
  teams: [],
  tickets: [
    ['status', 'open'],
    ['status', 'new'],
    ['priority', 'normal'],
    ['category', 'other'],
  ],
  comments: [
    ['internal', 'true'],
    ['internal', 'false'],
  ],
  articles: [
    ['published', 'true'],
    ['published', 'false'],
  ],
};

const refFields = (entity: EntityName) =>
  Object.entries(helpdesk.entities[entity]!.fields)
    .filter(([, f]) => f.type === 'ref')
    .map(([name, f]) => ({ name, target: (f as { entity: string }).entity }));

/** The words of a text as the search reads them. */
const words = (text: unknown) =>
  typeof text === 'string' ? (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : [];

interface Case {
  readonly actor: PopActor;
  readonly entity: EntityName;
  readonly filter?: readonly [string, string];
  readonly word?: string;
  readonly expand: readonly string[];
  readonly limit: number;
}

function caseArbitrary(pop: Population, world: World): fc.Arbitrary<Case> {
  return fc
    .record({
      actor: fc.constantFrom(...pop.actors),
      entity: fc.constantFrom(...ENTITIES),
      pick: fc.nat(),
      useFilter: fc.boolean(),
      useSearch: fc.boolean(),
      expandMask: fc.nat(),
      limit: fc.integer({ min: 1, max: 6 }),
    })
    .map(({ actor, entity, pick, useFilter, useSearch, expandMask, limit }) => {
      const filters = FILTERS[entity];
      const searchable = helpdesk.entities[entity]!.search ?? [];
      const vocabulary = [
        ...new Set([...world.rows[entity].values()].flatMap((r) => searchable.flatMap((f) => words(r[f])))),
      ].sort();
      const visible = visibleFields(actor, entity);
      const refs = refFields(entity).filter((r) => !visible || visible.includes(r.name));
      return {
        actor,
        entity,
        ...(useFilter && filters.length > 0 ? { filter: filters[pick % filters.length]! } : {}),
        ...(useSearch && vocabulary.length > 0 ? { word: vocabulary[pick % vocabulary.length]! } : {}),
        expand: refs.filter((_, i) => expandMask & (1 << i)).map((r) => r.name),
        limit,
      };
    });
}

/** What the oracle counts: rows the caller may read, passing the filter, holding the word. */
function expectedTotal(c: Case, world: World): number {
  const searchable = helpdesk.entities[c.entity]!.search ?? [];
  return [...world.rows[c.entity].values()].filter(
    (row: Row) =>
      canRead(c.actor, c.entity, row, world) &&
      (!c.filter || String(row[c.filter[0]]) === c.filter[1]) &&
      (!c.word || searchable.some((f) => words(row[f]).some((w) => w.startsWith(c.word!)))),
  ).length;
}

describe.each(DIALECTS)('list totals and expand against the oracle on %s', (dialect) => {
  let r: Running;
  let pop: Population;
  let world: World;
  beforeAll(async () => {
    r = await startApp(helpdesk, dialect);
    pop = await buildPopulation(r);
    world = await loadWorld(r);
  }, 120_000);
  afterAll(async () => {
    await r?.close();
  });

  it('total is the oracle’s count; each expanded record is the caller’s own GET of it', async () => {
    const get = (url: string, actor: PopActor) => r.send({ method: 'GET', url, headers: actor.headers });
    const property = fc.asyncProperty(caseArbitrary(pop, world), async (c) => {
      const query = new URLSearchParams({ count: 'true', limit: String(c.limit) });
      if (c.filter) query.set(c.filter[0], c.filter[1]);
      if (c.word) query.set('search', c.word);
      if (c.expand.length > 0) query.set('expand', c.expand.join(','));
      const res = await get(`/api/entities/${c.entity}?${query}`, c.actor);
      const status = listStatus(c.actor, c.entity);
      expect(res.statusCode, res.body).toBe(status);
      if (status !== 200) return;
      const page = res.json() as { items: Row[]; total: number };
      const total = expectedTotal(c, world);
      expect(page.total).toBe(total);
      expect(page.items.length).toBe(Math.min(c.limit, total));
      const targets = new Map(refFields(c.entity).map((f) => [f.name, f.target]));
      for (const item of page.items) {
        const expanded = (item.$expand ?? {}) as Record<string, unknown>;
        expect(Object.keys(expanded).sort()).toEqual([...c.expand].sort());
        for (const field of c.expand) {
          const id = item[field];
          if (typeof id !== 'string') {
            expect(expanded[field]).toBeNull();
            continue;
          }
          const own = await get(`/api/entities/${targets.get(field)}/${id}`, c.actor);
          expect([200, 404]).toContain(own.statusCode);
          expect(expanded[field]).toEqual(own.statusCode === 200 ? own.json() : null);
        }
      }
    });
    await fc.assert(property, { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
  }, 300_000);
});
