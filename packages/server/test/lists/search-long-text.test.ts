/**
 * A search field without a max, once per dialect: a text whose words pass PostgreSQL's 1 MB
 * tsvector limit is stored (its write once failed with `string is too long for tsvector`),
 * words within the indexed bound are found, and words past it are found on neither dialect.
 */
import { defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import { indexedChars } from '../../src/db/schema/search-index';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const app = defineApp({
  about: { name: 'Notes', summary: 'Notes.', audience: 'Tests.' },
  roles: { member: {} },
  entities: {
    notes: entity({
      title: 'subject',
      fields: { subject: f.text({ min: 1, max: 80 }), body: f.longText({ optional: true }) },
      access: { read: { member: true } },
      search: ['subject', 'body'],
    }),
  },
});

/** Distinct hyphenated words of 4-byte letters: about 5 bytes of tsvector words a character. */
function wordy(length: number): string {
  const letter = (i: number) => String.fromCodePoint(0x20000 + (i % 3000));
  const words: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const word = [0, 1, 2].map((k) => letter(i * 3 + k) + letter(Math.floor(i / 3000) + k)).join('-');
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

describe.each(DIALECTS)('a long search field on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url, logger: false });
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });
  const found = async (text: string) => {
    const scope = nf.core.scope(null, true);
    const page = await listRecords(scope, 'notes', readListQuery(scope, 'notes', { search: text }));
    return page.items.map((r) => r.subject);
  };

  it('stores it, finds words within the bound and not past it', async () => {
    const filler = wordy(indexedChars(2) + 100_000);
    const body = `melon ${filler} zucchini`;
    expect(body.length).toBeGreaterThan(indexedChars(2));
    await nf.core.create(null, 'notes', { subject: 'Long one', body }, true);
    expect(await found('melon')).toEqual(['Long one']);
    expect(await found('zucchini')).toEqual([]);
  });
});
