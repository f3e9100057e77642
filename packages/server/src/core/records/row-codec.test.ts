/**
 * `decodeInPlace` (the get-by-id path) answers exactly what `decodeRow` answers, on rows as
 * each dialect's driver returns them, with the record's keys in `recordColumns` order.
 */

import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../db/database';
import { postgresDialect } from '../../db/postgres/postgres-dialect';
import { sqliteDialect } from '../../db/sqlite/sqlite-dialect';
import { decodeInPlace, decodeRow, type Rec, recordColumns } from './row-codec';

const tickets = app.entities.tickets!;
const comments = app.entities.comments!;
const at = '2026-01-02T03:04:05.000Z';

const sqliteTicket: Rec = {
  id: 't1',
  createdAt: at,
  updatedAt: at,
  version: 3,
  subject: 'Printer on fire',
  description: 'Smoke.',
  priority: 'high',
  category: 'technical',
  requester: 'u1',
  assignee: null,
  team: null,
  dueAt: at,
  tags: '["hardware","urgent"]',
  resolution: null,
  resolvedAt: null,
  satisfaction: 4,
  status: 'open',
};
const postgresTicket: Rec = {
  ...sqliteTicket,
  version: '3',
  dueAt: new Date(at),
  tags: ['hardware', 'urgent'],
  satisfaction: 4,
};
const sqliteComment: Rec = {
  id: 'c1',
  createdAt: at,
  updatedAt: at,
  version: 1,
  ticket: 't1',
  body: 'Hi',
  internal: 1,
};
const postgresComment: Rec = { ...sqliteComment, version: '1', internal: true };

/** A row with the entity's columns in `recordColumns` order, values from `values`. */
function inColumnOrder(columns: readonly string[], values: Rec): Rec {
  return Object.fromEntries(columns.map((c) => [c, values[c] ?? null]));
}

describe('decodeInPlace', () => {
  it.each<[string, Dialect, typeof tickets, Rec]>([
    ['a ticket on SQLite', sqliteDialect, tickets, sqliteTicket],
    ['a ticket on PostgreSQL', postgresDialect, tickets, postgresTicket],
    ['a comment on SQLite', sqliteDialect, comments, sqliteComment],
    ['a comment on PostgreSQL', postgresDialect, comments, postgresComment],
  ])('decodes %s as decodeRow does', (_name, dialect, entity, values) => {
    const columns = recordColumns(entity);
    const expected = decodeRow(entity, inColumnOrder(columns, values), dialect);
    const row = inColumnOrder(columns, values);
    const decoded = decodeInPlace(entity, row, dialect);
    expect(decoded).toBe(row);
    expect(decoded).toStrictEqual(expected);
    expect(Object.keys(decoded)).toEqual(Object.keys(expected));
  });

  it('lists the system columns first, then the fields in their declared order', () => {
    expect(recordColumns(tickets)).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'version',
      ...Object.keys(tickets.fields),
    ]);
  });
});
