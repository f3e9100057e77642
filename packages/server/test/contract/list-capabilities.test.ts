/**
 * One source for what a list takes: OpenAPI's sort enum of every entity is exactly the set
 * of sorts the server answers 200 for (each one sent, both ways), every other field is
 * refused with the reason the checker gives; and a `contains` search examines a bounded
 * window of records per page, going on through `nextCursor`.
 */
import { randomUUID } from 'node:crypto';
import app from '@ninefold/example-helpdesk';
import { CONTAINS_WINDOW, SYSTEM_FIELDS, sortRefusal } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';

const ENTITIES = Object.keys(app.entities);

describe.each(DIALECTS)('list capabilities on %s', (dialect) => {
  let h: Harness;
  let admin: TestUser;
  let enums: Record<string, string[]>;

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    admin = await h.user('admin');
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json();
    enums = Object.fromEntries(
      ENTITIES.map((e) => [
        e,
        doc.paths[`/api/entities/${e}`].get.parameters.find((p: { name: string }) => p.name === 'sort').schema
          .enum,
      ]),
    );
  }, 60_000);
  afterAll(() => h?.close());

  const list = (entity: string, query: string) =>
    h.request({ method: 'GET', url: `/api/entities/${entity}?${query}`, headers: admin.headers });

  it.each(ENTITIES)('%s: every sort OpenAPI lists is answered', async (entity) => {
    expect(enums[entity]!.length).toBeGreaterThanOrEqual(2);
    for (const sort of enums[entity]!) {
      const res = await list(entity, `sort=${sort}`);
      expect({ sort, status: res.statusCode }).toEqual({ sort, status: 200 });
    }
  });

  it.each(ENTITIES)(
    '%s: every other field is refused as a sort, with the checker’s reason',
    async (entity) => {
      const names = [...SYSTEM_FIELDS, ...Object.keys(app.entities[entity]!.fields)];
      const others = names.filter((f) => !enums[entity]!.includes(f));
      expect(others.length).toBeGreaterThan(0);
      for (const field of others.flatMap((f) => [f, `-${f}`])) {
        const res = await list(entity, `sort=${field}`);
        expect({ field, status: res.statusCode, code: res.json().code }).toEqual({
          field,
          status: 400,
          code: 'MALFORMED_REQUEST',
        });
        expect(res.json().detail ?? res.body).toContain(sortRefusal(app.entities[entity]!, field));
      }
    },
  );

  describe('a contains search', () => {
    const NEEDLE = 'zebra-needle';
    let oldest: string;

    beforeAll(async () => {
      // More tickets than one window, the only match the oldest: the first pages cannot see it.
      const customer = await h.user('customer');
      const base = Date.now() - 10 * 86_400_000;
      const rows = Array.from({ length: CONTAINS_WINDOW + 150 }, (_, i) => ({
        id: randomUUID(),
        createdAt: new Date(base + i * 1000).toISOString(),
        updatedAt: new Date(base + i * 1000).toISOString(),
        version: 1,
        subject: i === 0 ? `Printer ${NEEDLE} jam` : `Bulk ticket ${i}`,
        description: 'Generated.',
        priority: 'normal',
        category: 'other',
        requester: customer.id,
        assignee: null,
        team: null,
        dueAt: new Date(base + i * 1000).toISOString(),
        tags: '[]',
        resolution: null,
        resolvedAt: null,
        satisfaction: null,
        status: 'open',
      }));
      oldest = rows[0]!.id;
      await h.nf.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 400)
          await tx.run(tx.qb.insertInto('tickets').values(rows.slice(i, i + 400)));
      });
    }, 60_000);

    it('answers a short page with a cursor when its window holds no match, and finds it further on', async () => {
      const first = await list('tickets', `subject[contains]=${NEEDLE}&limit=10`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().items).toEqual([]);
      expect(first.json().nextCursor).toEqual(expect.any(String));
      const found: string[] = [];
      let cursor: string | null = first.json().nextCursor;
      let pages = 1;
      while (cursor && pages < 10) {
        const res = await list('tickets', `subject[contains]=${NEEDLE}&limit=10&cursor=${cursor}`);
        expect(res.statusCode, res.body).toBe(200);
        found.push(...res.json().items.map((t: { id: string }) => t.id));
        cursor = res.json().nextCursor;
        pages += 1;
      }
      expect(found).toEqual([oldest]);
      expect(cursor).toBeNull();
    });

    it('fills a page from inside the window and continues after the last match it gave', async () => {
      const res = await list('tickets', 'subject[contains]=bulk ticket&limit=5');
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(5);
      const next = await list(
        'tickets',
        `subject[contains]=bulk ticket&limit=5&cursor=${res.json().nextCursor}`,
      );
      const ids = [...res.json().items, ...next.json().items].map((t: { id: string }) => t.id);
      expect(new Set(ids).size).toBe(10);
    });

    it('refuses an empty search, which OpenAPI says needs one character', async () => {
      const res = await list('tickets', 'subject[contains]=');
      expect(res.statusCode).toBe(400);
    });
  });
});
