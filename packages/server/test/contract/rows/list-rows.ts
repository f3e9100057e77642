/**
 * Contract rows for lists: who sees what, every filter operator (checked against the full
 * list filtered in JavaScript, so a filter that keeps too much or too little fails), sorts,
 * the page-size cap, and every way a query string can be malformed.
 */
import { expect } from 'vitest';
import { type ContractRow, expectList } from '../contract-case';
import type { Rec, World } from '../helpdesk-world';

const T = '/api/entities/tickets';

interface FilterCase {
  readonly query: (w: World) => string;
  readonly keep: (t: Rec, w: World) => boolean;
}

/** Each filter must keep some tickets and drop some; the oracle is the same test in JS. */
const FILTERS: Record<string, FilterCase> = {
  'field=value (implicit eq)': { query: () => 'priority=high', keep: (t) => t.priority === 'high' },
  '[eq]': { query: () => 'priority[eq]=urgent', keep: (t) => t.priority === 'urgent' },
  '[ne]': { query: () => 'priority[ne]=normal', keep: (t) => t.priority !== 'normal' },
  '[lt] on an integer': { query: () => 'version[lt]=2', keep: (t) => t.version < 2 },
  '[lte] on an integer': { query: () => 'version[lte]=2', keep: (t) => t.version <= 2 },
  '[gt] on an integer': { query: () => 'version[gt]=1', keep: (t) => t.version > 1 },
  '[gte] on an integer': { query: () => 'version[gte]=3', keep: (t) => t.version >= 3 },
  '[lt] on a datetime': {
    query: (w) => `dueAt[lt]=${w.tickets.billing.dueAt}`,
    keep: (t, w) => t.dueAt < w.tickets.billing.dueAt,
  },
  '[gte] on a datetime': {
    query: (w) => `createdAt[gte]=${w.tickets.rated.createdAt}`,
    keep: (t, w) => t.createdAt >= w.tickets.rated.createdAt,
  },
  '[in]': { query: () => 'priority[in]=high,urgent', keep: (t) => ['high', 'urgent'].includes(t.priority) },
  '[contains], case-insensitive': {
    query: () => 'subject[contains]=BILLING',
    keep: (t) => t.subject.toLowerCase().includes('billing'),
  },
  '=null on an optional reference': { query: () => 'assignee=null', keep: (t) => t.assignee === null },
  '[ne]=null on an optional reference': {
    query: () => 'assignee[ne]=null',
    keep: (t) => t.assignee !== null,
  },
  '=null on an optional integer': { query: () => 'satisfaction=null', keep: (t) => t.satisfaction === null },
  '[gte] on an optional integer': { query: () => 'satisfaction[gte]=4', keep: (t) => t.satisfaction >= 4 },
  'two filters at once (and)': {
    query: () => 'category=billing&priority=high',
    keep: (t) => t.category === 'billing' && t.priority === 'high',
  },
};

const filterRows: ContractRow<World>[] = Object.entries(FILTERS).map(([name, c]) => ({
  name: `filter ${name}`,
  request: (w) => ({ method: 'GET', url: `${T}?${c.query(w)}&limit=100`, headers: w.agent.headers }),
  status: 200,
  expect: async (body, _res, w) => {
    const all = await w.all(w.agent, 'tickets');
    const want = all.filter((t) => c.keep(t, w)).map((t) => t.id);
    expect(want.length, 'the filter keeps something').toBeGreaterThan(0);
    expect(want.length, 'the filter drops something').toBeLessThan(all.length);
    expect(
      expectList(body)
        .map((t) => t.id)
        .sort(),
    ).toEqual(want.sort());
  },
}));

/** Asserts items are ordered by `field` (then id, the keyset tie-break) in the direction. */
export function expectSorted(items: Rec[], field: string, desc: boolean): void {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!;
    const b = items[i]!;
    const [x, y] = desc ? [b, a] : [a, b];
    const ok = x[field] < y[field] || (x[field] === y[field] && x.id < y.id);
    expect(ok, `${field} order at ${i}: ${String(a[field])} / ${String(b[field])}`).toBe(true);
  }
}

const sortRows: ContractRow<World>[] = [
  ['', 'createdAt', true],
  ['sort=subject', 'subject', false],
  ['sort=-subject', 'subject', true],
  ['sort=-dueAt', 'dueAt', true],
  ['sort=updatedAt', 'updatedAt', false],
].map(([q, field, desc]) => ({
  name: `sort: ?${q || '(default -createdAt)'}`,
  request: (w: World) => ({ method: 'GET', url: `${T}?${q}&limit=100`, headers: w.agent.headers }),
  status: 200,
  expect: (body: any) => {
    const items = expectList(body);
    expect(items.length).toBeGreaterThan(4);
    expectSorted(items, field as string, desc as boolean);
  },
}));

const malformed = (name: string, query: string): ContractRow<World> => ({
  name: `MALFORMED_REQUEST: ${name}`,
  request: (w) => ({ method: 'GET', url: `${T}${query}`, headers: w.agent.headers }),
  status: 400,
  code: 'MALFORMED_REQUEST',
});

const cursorOf = (value: unknown, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

/** The list rows, in the order they run. */
export const listRows: ContractRow<World>[] = [
  {
    name: 'a customer lists only their own tickets',
    request: (w) => ({ method: 'GET', url: `${T}?limit=100`, headers: w.alice.headers }),
    status: 200,
    expect: (body, _res, w) => {
      const items = expectList(body);
      expect(items.map((t) => t.id).sort()).toEqual(
        [w.tickets.printer, w.tickets.billing, w.tickets.rated, w.tickets.other].map((t) => t.id).sort(),
      );
      expect(items.every((t) => t.requester === w.alice.id)).toBe(true);
    },
  },
  {
    name: 'a customer filtering on another customer finds nothing',
    request: (w) => ({ method: 'GET', url: `${T}?requester=${w.bob.id}`, headers: w.alice.headers }),
    status: 200,
    expect: (body) => expect(expectList(body)).toEqual([]),
  },
  {
    name: 'an agent lists every ticket',
    request: (w) => ({ method: 'GET', url: `${T}?limit=100`, headers: w.agent.headers }),
    status: 200,
    expect: (body, _res, w) =>
      expect(expectList(body).map((t) => t.id)).toEqual(
        expect.arrayContaining([w.tickets.bobs.id, w.tickets.printer.id]),
      ),
  },
  {
    name: 'anonymous may not list tickets: UNAUTHENTICATED',
    request: () => ({ method: 'GET', url: T }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'anonymous lists published articles only',
    request: () => ({ method: 'GET', url: '/api/entities/articles?limit=100' }),
    status: 200,
    expect: (body, _res, w) => {
      const items = expectList(body);
      expect(items.length).toBe(Math.floor((w.articleCount * 2) / 3));
      expect(items.every((a) => a.published === true)).toBe(true);
    },
  },
  {
    name: 'an agent sees only the user fields granted to agents',
    request: (w) => ({
      method: 'GET',
      url: `/api/entities/users?email=${w.alice.email}`,
      headers: w.agent.headers,
    }),
    status: 200,
    expect: (body, _res, w) => {
      const [user] = expectList(body);
      expect(user).toMatchObject({ id: w.alice.id, email: w.alice.email, role: 'customer' });
      expect(user).not.toHaveProperty('disabled');
    },
  },
  ...filterRows,
  ...sortRows,
  {
    name: 'limit=2 answers two items and a cursor',
    request: (w) => ({ method: 'GET', url: `${T}?limit=2`, headers: w.agent.headers }),
    status: 200,
    expect: (body) => {
      expect(expectList(body)).toHaveLength(2);
      expect(body.nextCursor).toEqual(expect.any(String));
    },
  },
  {
    name: 'without limit a page holds the default 25',
    request: (w) => ({ method: 'GET', url: '/api/entities/articles', headers: w.admin.headers }),
    status: 200,
    expect: (body) => expect(expectList(body)).toHaveLength(25),
  },
  ...['100', '101', '1000', '1e20'].map(
    (limit): ContractRow<World> => ({
      name: `limit=${limit} is capped at the spec's maximum, 100`,
      request: (w) => ({
        method: 'GET',
        url: `/api/entities/articles?limit=${limit}`,
        headers: w.admin.headers,
      }),
      status: 200,
      expect: (body) => {
        expect(expectList(body)).toHaveLength(100);
        expect(body.nextCursor).toEqual(expect.any(String));
      },
    }),
  ),
  malformed('limit=abc', '?limit=abc'),
  malformed('limit=0', '?limit=0'),
  malformed('limit=-5', '?limit=-5'),
  malformed('limit=2.5', '?limit=2.5'),
  malformed('an unknown filter field', '?nope=1'),
  malformed('an unknown operator', '?priority[like]=high'),
  malformed('nested brackets', '?priority[eq][x]=high'),
  malformed('a key that is no field name', '?1abc=1'),
  malformed('a repeated unknown parameter (?a=1&a=2)', '?a=1&a=2'),
  malformed('a repeated filter (?priority=high&priority=low)', '?priority=high&priority=low'),
  malformed('=null on a required enum', '?priority=null'),
  malformed('a value outside the enum', '?priority=extreme'),
  malformed('a number filter that is not a number', '?version=abc'),
  malformed('a datetime filter that is not a date', '?createdAt[lt]=yesterday'),
  malformed('[contains] on an enum', '?priority[contains]=hi'),
  malformed('a filter on a list field', '?tags=printer'),
  malformed('sort on an unknown field', '?sort=nope'),
  malformed('sort on a list field', '?sort=tags'),
  malformed('sort on an optional field', '?sort=-assignee'),
  malformed('a cursor that is not base64 JSON', '?cursor=not-a-cursor'),
  malformed('a cursor of the wrong shape', `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`),
  {
    name: 'MALFORMED_REQUEST: a filter on a field the role may not read (its existence stays hidden)',
    request: (w) => ({ method: 'GET', url: '/api/entities/users?disabled=false', headers: w.agent.headers }),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  ...(
    [
      ['an object', { a: 1 }, ''],
      ['an array', [1, 2], ''],
      ['a string on an integer sort', 'abc', 'sort=version&'],
      ['a number on a datetime sort', 5, ''],
      ['a boolean on a datetime sort', true, ''],
      ['a null (sort fields are never null)', null, ''],
    ] as const
  ).map(
    ([what, value, sort]): ContractRow<World> => ({
      name: `MALFORMED_REQUEST: a cursor whose value is ${what}`,
      request: (w) => ({
        method: 'GET',
        url: `${T}?${sort}cursor=${cursorOf(value, w.tickets.printer.id)}`,
        headers: w.agent.headers,
      }),
      status: 400,
      code: 'MALFORMED_REQUEST',
    }),
  ),
  {
    name: 'MALFORMED_REQUEST: a cursor whose id is no record id',
    request: (w) => ({
      method: 'GET',
      url: `${T}?cursor=${cursorOf(w.tickets.printer.createdAt, "x' or 1=1 --")}`,
      headers: w.agent.headers,
    }),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
];
