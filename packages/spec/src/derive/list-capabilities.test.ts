import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { entity } from '../app/entity';
import { f } from '../fields/field';
import { and, callerIs, eq, or } from '../rules/rule';
import { filterRefusal, listCapabilities, sortRefusal, whyNotSortable } from './list-capabilities';

const tickets = app.entities.tickets!;

describe('listCapabilities', () => {
  const sorts: [string, string[]][] = [
    ['tickets', ['createdAt', 'subject', 'updatedAt', 'dueAt']],
    ['comments', ['createdAt']],
    ['articles', ['createdAt', 'title', 'updatedAt']],
    ['teams', ['createdAt', 'name']],
    ['users', ['createdAt', 'name', 'email', 'role']],
  ];
  it.each(sorts)('%s sorts by %j', (name, want) => {
    expect(listCapabilities(app.entities[name]!).sorts).toEqual(want);
  });

  it('leads every sort index by each equality key: the state, index: true, the caller’s column', () => {
    const caps = listCapabilities(tickets);
    expect(caps.keys).toEqual(['status', 'requester']);
    for (const s of caps.sorts) {
      expect(caps.indexes).toContainEqual([s, 'id']);
      for (const k of caps.keys) expect(caps.indexes).toContainEqual([k, s, 'id']);
    }
  });

  it('takes no key from a rule under `or`, where it does not always hold', () => {
    const e = entity({
      fields: { owner: f.ref('users'), shared: f.boolean() },
      access: { read: { member: or(callerIs('owner'), eq('shared', true)) } },
    });
    expect(listCapabilities(e).keys).toEqual([]);
    const mine = entity({
      fields: { owner: f.ref('users'), shared: f.boolean() },
      access: { read: { member: and(eq('shared', false), callerIs('owner')) } },
    });
    expect(listCapabilities(mine).keys).toEqual(['owner']);
  });

  const never: [string, string][] = [
    ['assignee', 'it is optional'],
    ['tags', 'it is a list field'],
    ['description', 'it is a longText field'],
    ['nope', 'it is no field of the entity'],
  ];
  it.each(never)('%s can never be a sort: %s', (name, why) => {
    expect(whyNotSortable(tickets, name)).toContain(why);
  });

  it('refuses text without a short max as a sort: no index entry could hold it', () => {
    const e = entity({ title: 'name', fields: { name: f.text() }, sortable: ['name'] });
    expect(whyNotSortable(e, 'name')).toContain('without a max');
    expect(listCapabilities(e).sorts).toEqual(['createdAt']);
  });

  it('refuses a url as a sort unless its max is short: its default max is URL_MAX', () => {
    const e = entity({
      title: 'link',
      fields: { link: f.url(), short: f.url({ max: 300 }), long: f.url({ max: 600 }) },
      sortable: ['short', 'long'],
    });
    expect(whyNotSortable(e, 'link')).toContain('without a max');
    expect(whyNotSortable(e, 'long')).toContain('without a max');
    expect(whyNotSortable(e, 'short')).toBeUndefined();
    expect(listCapabilities(e).sorts).toEqual(['createdAt', 'short']);
  });

  const refusals: [string, string | undefined][] = [
    ['-dueAt', undefined],
    ['createdAt', undefined],
    [
      'priority',
      "'priority' cannot be sorted on: it is not declared sortable; lists sort by createdAt, subject, updatedAt, dueAt",
    ],
    ['-resolvedAt', "'resolvedAt' cannot be sorted on: it is optional"],
  ];
  it.each(refusals)('sort %s: %s', (sort, why) => {
    const got = sortRefusal(tickets, sort);
    if (why === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(why);
  });

  const filters: [string, 'eq' | 'contains' | 'lt', string | undefined][] = [
    ['subject', 'contains', undefined],
    ['version', 'lt', undefined],
    ['priority', 'contains', "'priority' takes eq, ne, in, not contains"],
    ['tags', 'eq', "'tags' cannot be filtered on"],
  ];
  it.each(filters)('filter %s[%s]: %s', (name, op, why) => {
    expect(filterRefusal(tickets, name, op)).toBe(why);
  });
});
