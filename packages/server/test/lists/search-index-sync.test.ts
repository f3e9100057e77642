/**
 * The search index in schema sync, once per dialect: rows stored before an entity declares
 * `search` are found once it does (the index is filled when made), a changed declaration makes
 * a new index and drops the old, and a second sync changes nothing.
 */
import { defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import { searchIndexName } from '../../src/db/schema/search-index';
import { planChanges } from '../../src/db/schema/sync-schema';
import { createNinefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const notesApp = (search?: readonly ('subject' | 'body')[]) =>
  defineApp({
    about: { name: 'Notes', summary: 'Notes.', audience: 'Tests.' },
    roles: { member: {} },
    entities: {
      notes: entity({
        title: 'subject',
        fields: { subject: f.text({ min: 1, max: 80 }), body: f.longText({ optional: true }) },
        access: { read: { member: true } },
        ...(search ? { search } : {}),
      }),
    },
  });

describe.each(DIALECTS)('search index in schema sync on %s', (dialect) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  const found = async (search: readonly ('subject' | 'body')[] | undefined, text: string) => {
    const nf = await createNinefold(notesApp(search), { database: tdb.url, logger: false });
    try {
      const scope = nf.core.scope(null, true);
      const answer = await listRecords(scope, 'notes', readListQuery(scope, 'notes', { search: text }));
      const again = await planChanges(nf.db, notesApp(search));
      expect(again).toEqual([]);
      // The index of an earlier declaration went: one index, this declaration's.
      expect([...(await nf.db.dialect.search.existing(nf.db)).keys()]).toEqual([
        searchIndexName('notes', search ?? []),
      ]);
      return answer.items.map((r) => r.subject);
    } finally {
      await nf.close();
    }
  };

  it('fills a new index from the rows there are, and makes a new one for changed fields', async () => {
    const nf = await createNinefold(notesApp(), { database: tdb.url, logger: false });
    await nf.core.create(null, 'notes', { subject: 'Old melon', body: 'kept in the cellar' }, true);
    await nf.core.create(null, 'notes', { subject: 'Old lemon', body: 'melon flavoured' }, true);
    await nf.close();
    expect(await found(['subject'], 'melon')).toEqual(['Old melon']);
    expect(await found(['subject', 'body'], 'melon')).toEqual(['Old melon', 'Old lemon']);
    expect(await found(['body'], 'cellar')).toEqual(['Old melon']);
  });

  // Regression: SQLite refuses DROP COLUMN while a search trigger names the column, so the old
  // index has to go before the columns change (and the new one be made after).
  it.each([
    ['removed', () => ({ subject: f.text({ min: 1, max: 80 }) }), ['subject'] as const, 'melon'],
    [
      'retyped',
      () => ({ subject: f.text({ min: 1, max: 80 }), body: f.integer({ optional: true }) }),
      ['subject'] as const,
      'melon',
    ],
    [
      'renamed',
      () => ({ subject: f.text({ min: 1, max: 80 }), text: f.longText({ optional: true }) }),
      ['subject', 'text'] as const,
      'melon',
    ],
  ])('syncs when a search field is %s', async (_how, fields, search, word) => {
    const one = await freshDatabase(dialect);
    try {
      const before = await createNinefold(notesApp(['subject', 'body']), {
        database: one.url,
        logger: false,
      });
      await before.core.create(null, 'notes', { subject: 'Green melon', body: 'in the cellar' }, true);
      await before.close();
      const after = defineApp({
        about: { name: 'Notes', summary: 'Notes.', audience: 'Tests.' },
        roles: { member: {} },
        entities: {
          notes: entity({ title: 'subject', fields: fields(), access: { read: { member: true } }, search }),
        },
      });
      const nf = await createNinefold(after, { database: one.url, logger: false, allowDestructive: true });
      try {
        const scope = nf.core.scope(null, true);
        const page = await listRecords(scope, 'notes', readListQuery(scope, 'notes', { search: word }));
        expect(page.items.map((r) => r.subject)).toEqual(['Green melon']);
        expect(await planChanges(nf.db, after)).toEqual([]);
      } finally {
        await nf.close();
      }
    } finally {
      await one.drop();
    }
  });
});
