/**
 * How the store reads each driver's constraint errors (their codes are the drivers' own, so
 * this test of the seam lives beside the other database tests, outside src/ where no code may
 * name a dialect): a unique violation names the declaration it broke, on both dialects.
 */
import { defineApp, entity, eq, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/app-error';
import { storeError } from '../../src/core/records/store-error';
import { postgresDialect } from '../../src/db/postgres/postgres-dialect';
import { uniqueIndexName } from '../../src/db/schema/schema-plan';
import { sqliteDialect } from '../../src/db/sqlite/sqlite-dialect';

// Two declarations over the same column, told apart only by their `where`.
const app = defineApp({
  about: { name: 'Shelf', summary: 'Items.', audience: 'Tests.' },
  roles: { clerk: {} },
  errors: {
    CODE_TAKEN: { status: 409, message: 'That code is in use.' },
    DRAFT_CODE_TAKEN: { status: 409, message: 'A draft has that code.' },
  },
  entities: {
    items: entity({
      fields: {
        code: f.text(),
        name: f.text(),
        draft: f.boolean({ default: false }),
        email: f.email({ unique: true }),
      },
      unique: [
        { name: 'live', fields: ['code'], where: eq('draft', false), error: 'CODE_TAKEN' },
        { name: 'drafts', fields: ['code'], where: eq('draft', true), error: 'DRAFT_CODE_TAKEN' },
        { name: 'pair', fields: ['code', 'name'] },
      ],
    }),
  },
});
const drafts = app.entities.items!.unique[1]!;
const sqliteUnique = (columns: string) =>
  Object.assign(new Error(`UNIQUE constraint failed: ${columns}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' });

describe('storeError', () => {
  it.each([
    [
      'PostgreSQL names the index',
      postgresDialect,
      { code: '23505', constraint: uniqueIndexName('items', drafts), message: 'duplicate key' },
      { draft: false },
      'DRAFT_CODE_TAKEN',
      'code',
    ],
    [
      'SQLite names the columns: the live record',
      sqliteDialect,
      sqliteUnique('items.code'),
      { draft: false },
      'CODE_TAKEN',
      'code',
    ],
    [
      'SQLite names the columns: the draft',
      sqliteDialect,
      sqliteUnique('items.code'),
      { draft: true },
      'DRAFT_CODE_TAKEN',
      'code',
    ],
    [
      'the default code on the last field',
      sqliteDialect,
      sqliteUnique('items.code, items.name'),
      { draft: false },
      'VALIDATION_FAILED',
      'name',
    ],
    [
      'a unique field, not a declaration',
      sqliteDialect,
      sqliteUnique('items.email'),
      { draft: false },
      'VALIDATION_FAILED',
      'email',
    ],
    [
      'a unique field on PostgreSQL',
      postgresDialect,
      { code: '23505', constraint: 'ix_items_email_u' },
      {},
      'VALIDATION_FAILED',
      'email',
    ],
  ])('%s', (_, dialect, error, record, code, path) => {
    const e = storeError(app, 'items', error, dialect, { id: 'x', code: 'A1', name: 'n', ...record });
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe(code);
    expect((e as AppError).issues).toEqual([expect.objectContaining({ path, code: 'unique' })]);
    expect(JSON.stringify((e as AppError).issues)).not.toMatch(/ix_|ux_|UNIQUE|duplicate/);
  });

  it('passes any other failure through unchanged', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(storeError(app, 'items', busy, sqliteDialect)).toBe(busy);
  });
});
