import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import {
  creatableFields,
  createFields,
  listableEntities,
  mayDo,
  readableFields,
  readsOnlySelf,
  tableColumns,
} from './role-view';

// Through JSON, as the browser gets it from /api/meta.
const meta = JSON.parse(JSON.stringify(clientMeta(app)));

describe('role view of the helpdesk', () => {
  it('lists for each role only what it may read, and no table of just themselves', () => {
    expect(listableEntities(meta, 'customer')).toEqual(['tickets', 'articles', 'comments']);
    expect(listableEntities(meta, 'agent')).toEqual(['tickets', 'articles', 'users', 'teams', 'comments']);
    expect(listableEntities(meta, 'anonymous')).toEqual(['articles']);
    expect(readsOnlySelf(meta.permissions.entities.customer.users.read)).toBe(true);
    expect(readsOnlySelf(meta.permissions.entities.customer.tickets.read)).toBe(false);
  });

  it('offers create forms only where the role may create, with the fields it may write', () => {
    expect(mayDo(meta, 'customer', 'articles', 'create')).toBe(false);
    expect(createFields(meta, 'customer', 'articles')).toEqual([]);
    expect(createFields(meta, 'customer', 'tickets')).toEqual([
      'subject',
      'description',
      'priority',
      'category',
    ]);
    expect(creatableFields(meta, 'customer', 'tickets')).toContain('tags');
    expect(createFields(meta, 'agent', 'tickets')).toEqual([]);
    expect(createFields(meta, 'customer', 'comments')).toEqual(['ticket', 'body']);
  });

  it('shows the list screen columns the role may read, and only readable fields elsewhere', () => {
    expect(tableColumns(meta, 'customer', 'tickets')).toEqual([
      'subject',
      'status',
      'priority',
      'category',
      'assignee',
      'dueAt',
    ]);
    expect(readableFields(meta, 'agent', 'users')).toEqual(['email', 'name', 'role', 'team']);
    expect(tableColumns(meta, 'agent', 'users')).toEqual(['name', 'email', 'role', 'team']);
  });

  it('keeps file fields out of create forms and default table columns', () => {
    // An admin's create grant covers every field: still no attachments (files go up later).
    expect(creatableFields(meta, 'admin', 'tickets')).not.toContain('attachments');
    expect(creatableFields(meta, 'admin', 'comments')).not.toContain('attachments');
    expect(readableFields(meta, 'customer', 'comments')).toContain('attachments');
    // Comments have no list screen: their default columns are the one-line fields.
    expect(tableColumns(meta, 'agent', 'comments')).not.toContain('attachments');
  });
});
