import { describe, expect, it } from 'vitest';
import app from '../../../../examples/helpdesk/app';
import { accessCodes, baseCodes, errorResponses, security } from './openapi-responses';
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

describe('errorResponses', () => {
  it('groups codes by status, in status order, skipping unknown codes', () => {
    const r = errorResponses(app, [
      'REOPEN_WINDOW_EXPIRED',
      'NOT_FOUND',
      'INVALID_TRANSITION',
      'NO_SUCH_CODE',
    ]);
    expect(Object.keys(r)).toEqual(['404', '409']);
    expect(r['409']?.['x-error-codes']).toEqual(['REOPEN_WINDOW_EXPIRED', 'INVALID_TRANSITION']);
    expect(r['409']?.description).toContain('Tickets can be reopened within {days} days');
  });

  it('tells when to retry a rate-limited call', () => {
    expect(errorResponses(app, ['RATE_LIMITED'])['429']?.headers).toHaveProperty('Retry-After');
    expect(errorResponses(app, ['NOT_FOUND'])['404']?.headers).toBeUndefined();
  });
});

describe('baseCodes', () => {
  const cases: [Parameters<typeof baseCodes>[1], boolean, string[]][] = [
    [
      'write',
      true,
      ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL'],
    ],
    ['read', false, ['INTERNAL']],
    [
      'login',
      true,
      ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL'],
    ],
    ['action', true, ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'INTERNAL']],
  ];
  it.each(cases)('%s (body %s): %j', (scope, body, expected) => {
    expect(baseCodes(app, scope, body)).toEqual(expected);
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
