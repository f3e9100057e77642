/**
 * A key acts with its owner's role and rules, never more (point 6 through a key): the
 * permission oracle of test/permissions, run with every request made through an API key
 * instead of a session, on the same population. Every reader gets byte-identical answers
 * by key and by session, and random cases of every operation agree with the oracle — for
 * each role's keys and for an agent's key narrowed to the customer role, judged as a
 * customer. PERMISSION_RUNS changes the run count; FC_SEED replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityName, World } from '../permissions/helpdesk-oracle';
import {
  buildPopulation,
  ENTITIES,
  loadWorld,
  type PopActor,
  type Population,
  type Running,
  startApp,
} from '../permissions/helpdesk-population';
import { caseArbitrary } from '../permissions/permission-case';
import { expectedList, listAll, runCase } from '../permissions/run-permission-case';
import { DIALECTS } from '../test-databases';
import { bearer } from './key-harness';
import { keysApp } from './keys-app';

const RUNS = Number(process.env.PERMISSION_RUNS ?? 1_500);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

describe.each(DIALECTS)('the permission matrix through API keys on %s', (dialect) => {
  let r: Running;
  let pop: Population;
  let world: World;
  /** Each signed-in actor of the population, by key: same id and role, other headers. */
  let byKey: PopActor[];
  let narrowed: PopActor;

  const makeKey = async (who: PopActor, role?: string) => {
    const res = await r.send({
      method: 'POST',
      url: '/api/auth/api-keys',
      headers: who.headers,
      payload: { name: `oracle ${who.name}`, ...(role ? { role } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`key for ${who.name}: ${res.statusCode} ${res.body}`);
    return bearer(res.json().key);
  };

  beforeAll(async () => {
    r = await startApp(keysApp(), dialect);
    pop = await buildPopulation(r);
    world = await loadWorld(r);
    byKey = [];
    for (const a of pop.actors)
      if (a.id !== null) byKey.push({ ...a, name: `${a.name} by key`, headers: await makeKey(a) });
    const agent = pop.byName.agent1!;
    narrowed = {
      ...agent,
      role: 'customer',
      name: 'agent1 by key as customer',
      headers: await makeKey(agent, 'customer'),
    };
  }, 180_000);
  afterAll(() => r?.close());

  it('answers every read by key exactly as by session', async () => {
    let compared = 0;
    for (const k of byKey) {
      const session = pop.actors.find((a) => a.id === k.id)!;
      for (const entity of ENTITIES) {
        const urls = [
          `/api/entities/${entity}?limit=100`,
          ...[...world.rows[entity].keys()].map((id) => `/api/entities/${entity}/${id}`),
        ];
        for (const url of urls) {
          const [a, b] = await Promise.all([
            r.send({ method: 'GET', url, headers: session.headers }),
            r.send({ method: 'GET', url, headers: k.headers }),
          ]);
          expect({ who: k.name, url, status: b.statusCode, body: b.body }).toEqual({
            who: k.name,
            url,
            status: a.statusCode,
            body: a.body,
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(byKey.length * 50);
  }, 300_000);

  it('lists exactly what the oracle says, for each key and the narrowed one', async () => {
    for (const actor of [...byKey, narrowed])
      for (const entity of ENTITIES) {
        const got = await listAll(r, actor, entity as EntityName, '');
        const want = expectedList(actor, entity as EntityName, null, world);
        expect({ who: actor.name, entity, status: got.status, ids: got.ids.sort() }).toEqual({
          who: actor.name,
          entity,
          status: want.status,
          ids: want.ids.sort(),
        });
      }
    // Narrowed means narrower: the agent's own key reads tickets the customer-role key does not.
    const tickets = (a: PopActor) => expectedList(a, 'tickets', null, world).ids.length;
    expect(tickets(narrowed)).toBeLessThan(tickets(byKey.find((k) => k.id === narrowed.id)!));
  }, 300_000);

  it(`agrees with the oracle on ${RUNS} random cases made through keys`, async () => {
    const keyed: Population = {
      ...pop,
      actors: [pop.actors.find((a) => a.id === null)!, ...byKey, narrowed],
      byName: Object.fromEntries([...byKey, narrowed].map((a) => [a.name, a])),
    };
    const tally = new Map<string, number>();
    const property = fc.asyncProperty(caseArbitrary(world, keyed), async (c) => {
      const outcome = await runCase(r, world, c);
      tally.set(`${c.op}:${outcome}`, (tally.get(`${c.op}:${outcome}`) ?? 0) + 1);
    });
    const details = await fc.check(property, {
      numRuns: RUNS,
      ...(SEED === undefined ? {} : { seed: SEED }),
    });
    if (details.failed)
      throw new Error(`${await fc.asyncDefaultReportMessage(details)}\n${String(details.errorInstance)}`);
    for (const op of ['get', 'list', 'update', 'create', 'transition', 'delete'])
      for (const end of ['ok', op === 'get' ? 'notFound' : 'refused'])
        expect(tally.get(`${op}:${end}`) ?? 0, `${op}:${end}`).toBeGreaterThan(0);
  }, 600_000);
});
