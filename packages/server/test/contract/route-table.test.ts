/**
 * The route table is the server's and the document's: the routes Fastify registered under
 * /api are exactly the table's, and every one of them is in `/api/openapi.json` with every
 * status it can answer (its success statuses and its codes' statuses).
 */
import { fastifyPath, ROUTE_IDS, ROUTES, routeCodes } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { operationsOf } from './openapi-answers';

let h: Harness;
beforeAll(async () => {
  h = await startHelpdesk('sqlite');
});
afterAll(async () => h?.close());

describe('the route table', () => {
  it('is exactly the set of routes the server registered under /api', () => {
    const registered = h.nf.server.registeredRoutes.filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    const table = ROUTE_IDS.map((id) => `${ROUTES[id].method} ${fastifyPath(ROUTES[id].path)}`);
    expect([...registered].sort()).toEqual([...table].sort());
  });

  it.each(ROUTE_IDS)('%s is in /api/openapi.json with every status it answers', async (id) => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = operationsOf(doc).filter((o) => o.op['x-route'] === id);
    expect(ops.length).toBeGreaterThan(0);
    const route = ROUTES[id];
    const statuses = [...route.success, ...routeCodes(route).map((c) => h.nf.core.app.errors[c]!.status)].map(
      String,
    );
    for (const o of ops) {
      expect(o.method.toUpperCase()).toBe(route.method);
      expect(Object.keys(o.op.responses)).toEqual(expect.arrayContaining([...new Set(statuses)]));
      expect(o.op['x-error-codes']).toEqual(expect.arrayContaining(routeCodes(route)));
      const ifMatch = (o.op.parameters ?? []).some((p: { name: string }) => p.name === 'If-Match');
      expect(ifMatch).toBe(route.ifMatch);
    }
  });

  it('every operation of the document comes from a route of the table', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const o of operationsOf(doc)) expect(ROUTE_IDS).toContain(o.op['x-route']);
  });
});
