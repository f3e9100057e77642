/**
 * The work one list request may do has a bound, once per dialect over HTTP: a search's last
 * word of fewer than MIN_PREFIX characters is a whole word (not the start of most words), a
 * ranked search ranks only the newest RANK_WINDOW matches, and `count=true` where no index
 * counts (a `contains` filter, the title search, a full-text search) reads at most
 * COUNT_WINDOW records and then says its total is a lower bound; plain counts stay exact.
 */
import { defineApp, entity, f } from '@ninefold/spec';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_WINDOW } from '../../src/core/records/list-records';
import { MIN_PREFIX, RANK_WINDOW } from '../../src/core/records/search-records';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const app = defineApp({
  about: { name: 'Notes', summary: 'Notes.', audience: 'Tests.' },
  roles: { member: {} },
  limits: { pageSize: { default: 25, max: 200 } },
  entities: {
    notes: entity({
      title: 'subject',
      fields: { subject: f.text({ min: 1, max: 80 }) },
      access: { read: { member: true } },
      search: ['subject'],
    }),
    labels: entity({
      title: 'name',
      fields: { name: f.text({ min: 1, max: 80 }) },
      access: { read: { member: true } },
    }),
  },
});

type Page = {
  items: Record<string, unknown>[];
  nextCursor: string | null;
  total?: number;
  totalIsLowerBound?: true;
};

describe.each(DIALECTS)('bounded list work on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let member: TestUser;
  const list = async (url: string) => {
    const res = await nf.server.inject({ method: 'GET', url, headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  /** `count` rows of `table`, `column` = `text` + their number, with ids in time order. */
  const insert = async (table: string, column: string, text: string, from: number, count: number) => {
    const series =
      dialect === 'sqlite'
        ? sql.raw(
            `with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${from + count - 1}) select i from s`,
          )
        : sql.raw(`select i from generate_series(${from}, ${from + count - 1}) as i`);
    const id =
      dialect === 'sqlite'
        ? sql.raw(`printf('01900000-0000-7000-8000-%012x', i)`)
        : sql.raw(`'01900000-0000-7000-8000-' || lpad(to_hex(i), 12, '0')`);
    const now = dialect === 'sqlite' ? sql.lit('2026-01-01T00:00:00.000Z') : sql`now()`;
    await nf.db.run(
      sql`insert into ${sql.table(table)} (id, "createdAt", "updatedAt", version, ${sql.ref(column)})
        select ${id}, ${now}, ${now}, 1, ${text} || i from (${series}) as s`.compile(nf.db.qb),
    );
  };

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url, logger: { level: 'error' } });
    member = await sessionUser(nf, 'member', 'Mia');
    await insert('notes', 'subject', 'kiwi number ', 1, RANK_WINDOW + 10);
    await insert('notes', 'subject', 'pr ', RANK_WINDOW + 11, 1);
    await insert('labels', 'name', 'pear ', 1, COUNT_WINDOW + 5);
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  it.each([
    ['a short last word is no prefix', 'search=nu&limit=1', []],
    ['a short last word is a whole word', 'search=pr', ['pr 1011']],
    // Equal ranks go by id: the oldest of the window, not of every match.
    ['a long enough one is also a prefix', 'search=kiw&limit=1', ['kiwi number 11']],
  ])('%s', async (_what, query, subjects) => {
    expect(MIN_PREFIX).toBe(3);
    expect((await list(`/api/entities/notes?${query}`)).items.map((r) => r.subject)).toEqual(subjects);
  });

  it('ranks only the newest RANK_WINDOW matches, each once over the pages', async () => {
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(
        `/api/entities/notes?search=kiwi&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((r) => r.subject));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(RANK_WINDOW);
    expect(new Set(seen).size).toBe(RANK_WINDOW);
    // The newest: the ten oldest matches were left out.
    expect(seen).not.toContain('kiwi number 10');
    expect(seen).toContain('kiwi number 11');
  });

  it.each([
    ['the title search', 'labels', 'search=pear', COUNT_WINDOW, true],
    ['a contains filter', 'labels', 'name[contains]=pear', COUNT_WINDOW, true],
    ['a contains filter matching nothing', 'labels', 'name[contains]=plum', 0, true],
    ['a full-text search', 'notes', 'search=kiwi', RANK_WINDOW + 10, undefined],
    ['no condition (an index counts it)', 'labels', 'limit=1', COUNT_WINDOW + 5, undefined],
  ])('counts with %s within its bound', async (_what, entityName, query, total, lower) => {
    const page = await list(`/api/entities/${entityName}?${query}&count=true`);
    expect(page.total).toBe(total);
    expect(page.totalIsLowerBound).toBe(lower);
  });
});
