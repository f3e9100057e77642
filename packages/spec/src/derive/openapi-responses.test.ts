import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../contract/route-table';
import { accessCodes, codesByStatus, ResponseBook, rateCodes, security } from './openapi-responses';
import type { Allowed, PermissionCell } from './permission-matrix';

const cell = (allowed: Allowed): PermissionCell => ({ allowed, rules: [], text: allowed });

describe('accessCodes', () => {
  const cases: [string, Record<string, Allowed>, Allowed[], string[]][] = [
    ['open to everyone', { anonymous: 'always', customer: 'always' }, ['never', 'conditional'], []],
    ['signed-in only', { anonymous: 'never', customer: 'always' }, ['never'], ['UNAUTHENTICATED']],
    [
      'a role may be refused',
      { anonymous: 'never', customer: 'conditional', agent: 'always' },
      ['never', 'conditional'],
      ['UNAUTHENTICATED', 'FORBIDDEN'],
    ],
    [
      'conditional is filtered, not refused',
      { anonymous: 'conditional', customer: 'conditional' },
      ['never'],
      [],
    ],
  ];
  it.each(cases)('%s', (_name, byRole, refusedWhen, expected) => {
    const cells = Object.fromEntries(Object.entries(byRole).map(([r, a]) => [r, cell(a)]));
    expect(accessCodes(cells, refusedWhen)).toEqual(expected);
  });
});

describe('codesByStatus', () => {
  it('groups codes by status, in status order, skipping unknown codes', () => {
    expect(
      codesByStatus(app, [
        'REOPEN_WINDOW_EXPIRED',
        'NOT_FOUND',
        'INVALID_TRANSITION',
        'NO_SUCH_CODE',
        'constructor',
      ]),
    ).toEqual([
      [404, ['NOT_FOUND']],
      [409, ['REOPEN_WINDOW_EXPIRED', 'INVALID_TRANSITION']],
    ]);
  });
});

describe('ResponseBook', () => {
  it('references one shared response per set of codes, named after them', () => {
    const book = new ResponseBook(app);
    expect(book.refs(['NOT_FOUND', 'REOPEN_WINDOW_EXPIRED', 'INVALID_TRANSITION'])).toEqual({
      '404': { $ref: '#/components/responses/NotFound' },
      '409': { $ref: '#/components/responses/ReopenWindowExpiredOrInvalidTransition' },
    });
    book.refs(['NOT_FOUND']);
    const all = book.all();
    expect(Object.keys(all)).toEqual(['NotFound', 'ReopenWindowExpiredOrInvalidTransition']);
    expect(all.ReopenWindowExpiredOrInvalidTransition?.description).toContain(
      'Tickets can be reopened within {days} days',
    );
  });

  it('tells when to retry a rate-limited call', () => {
    const book = new ResponseBook(app);
    book.refs(['RATE_LIMITED', 'NOT_FOUND']);
    expect(book.all().RateLimited?.headers).toHaveProperty('Retry-After');
    expect(book.all().NotFound?.headers).toBeUndefined();
  });
});

describe('rateCodes', () => {
  const cases: [keyof typeof ROUTES, string[]][] = [
    // Sign-in and sign-up are limited whether or not the app declares a rate.
    ['authSignup', ['RATE_LIMITED']],
    ['authLogin', ['RATE_LIMITED']],
    // The helpdesk declares a write rate, and none for actions.
    ['createRecord', ['RATE_LIMITED']],
    ['runAction', []],
    ['authLogout', []],
    ['listRecords', []],
  ];
  it.each(cases)('%s: %j', (id, expected) => {
    expect(rateCodes(app, ROUTES[id])).toEqual(expected);
  });
});

describe('security', () => {
  it.each([
    [true, [{}, { session: [] }, { bearer: [] }]],
    [false, [{ session: [] }, { bearer: [] }]],
  ])('anonymous allowed %s: %j', (anonymous, expected) => {
    expect(security(anonymous)).toEqual(expected);
  });
});
