import { describe, expect, it } from 'vitest';
import { f, type ScalarField } from '../fields/field';
import { checkScalar } from './check-scalar';

const ID = '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d';

const passing: [string, ScalarField, unknown, unknown][] = [
  ['text within bounds', f.text({ min: 2, max: 5 }), 'ab', 'ab'],
  ['text at max', f.text({ max: 5 }), 'abcde', 'abcde'],
  ['text counts code points, not UTF-16 units', f.text({ max: 2 }), '😀😀', '😀😀'],
  ['text is not trimmed', f.text(), '  a ', '  a '],
  ['longText', f.longText({ min: 1 }), 'line\nline', 'line\nline'],
  ['pattern matches whole value', f.text({ pattern: '[A-Z]{3}-\\d+' }), 'ABC-12', 'ABC-12'],
  ['pattern valid only without the u flag', f.text({ pattern: '\\-x' }), '-x', '-x'],
  ['email is trimmed and lower-cased', f.email(), ' Ann.Lee@Example.COM ', 'ann.lee@example.com'],
  ['email with plus and subdomain', f.email(), 'a+b@mail.example.co.uk', 'a+b@mail.example.co.uk'],
  ['email with an international domain', f.email(), 'zoë@bücher.de', 'zoë@bücher.de'],
  ['integer', f.integer({ min: 1, max: 5 }), 5, 5],
  ['integer at min', f.integer({ min: 1 }), 1, 1],
  ['negative zero becomes zero', f.integer(), -0, 0],
  ['number with fraction', f.number({ min: 0, max: 1 }), 0.5, 0.5],
  ['number beyond the safe integer range', f.number(), 1e300, 1e300],
  ['boolean false', f.boolean(), false, false],
  ['enum member', f.enum(['low', 'high']), 'high', 'high'],
  ['datetime in UTC', f.datetime(), '2025-01-31T09:30:00Z', '2025-01-31T09:30:00.000Z'],
  ['datetime with offset', f.datetime(), '2025-01-31T10:30+01:00', '2025-01-31T09:30:00.000Z'],
  ['ref is a UUID', f.ref('users'), ID, ID],
  ['ref is lower-cased', f.ref('users'), ID.toUpperCase(), ID],
  ['date', f.date(), '2026-03-01', '2026-03-01'],
  ['date on a leap day', f.date(), '2024-02-29', '2024-02-29'],
  ['date at its min', f.date({ min: '2026-01-01' }), '2026-01-01', '2026-01-01'],
  ['date at its max', f.date({ max: '2026-12-31' }), '2026-12-31', '2026-12-31'],
  ['url with https', f.url(), 'https://example.com', 'https://example.com'],
  ['url is kept as written', f.url(), 'HTTP://Example.com/a%20b', 'HTTP://Example.com/a%20b'],
  [
    'url with port, query and fragment',
    f.url(),
    'http://localhost:3000/x?y=1#z',
    'http://localhost:3000/x?y=1#z',
  ],
  ['url with an international host', f.url(), 'https://bücher.de/', 'https://bücher.de/'],
  ['url is trimmed', f.url(), '  https://example.com/ ', 'https://example.com/'],
  ['url at the default max', f.url(), `https://e.co/${'a'.repeat(2035)}`, `https://e.co/${'a'.repeat(2035)}`],
  ['integer among its choices', f.integer({ choices: [15, 30, 45, 60] }), 45, 45],
];

const failing: [string, ScalarField, unknown, string, object?][] = [
  ['text given a number', f.text(), 5, 'type', { type: 'text' }],
  ['text too short', f.text({ min: 5 }), 'abc', 'too_short', { min: 5 }],
  ['text too short in code points', f.text({ min: 3 }), '😀😀', 'too_short'],
  ['text too long', f.text({ max: 3 }), 'abcd', 'too_long', { max: 3 }],
  ['pattern matches only a part', f.text({ pattern: '[a-z]+' }), 'abc1', 'pattern'],
  ['pattern with alternation is anchored as a whole', f.text({ pattern: 'a|b' }), 'ab', 'pattern'],
  ['longText given an array', f.longText(), ['a'], 'type'],
  ['email without domain', f.email(), 'ann@', 'email'],
  ['email without a top-level domain', f.email(), 'ann@localhost', 'email'],
  ['email with two @', f.email(), 'a@b@example.com', 'email'],
  ['email with a space', f.email(), 'ann lee@example.com', 'email'],
  ['email with a double dot', f.email(), 'ann..lee@example.com', 'email'],
  ['email with a domain label starting with a hyphen', f.email(), 'ann@-example.com', 'email'],
  ['email with a 65-character local part', f.email(), `${'a'.repeat(65)}@example.com`, 'email'],
  ['email over 254 characters', f.email(), `a@${'b'.repeat(60)}.${'c'.repeat(200)}.com`, 'email'],
  ['email over its max', f.email({ max: 10 }), 'ann@example.com', 'too_long'],
  ['email given null-like text', f.email(), '', 'email'],
  ['integer given a string', f.integer(), '5', 'type', { type: 'integer' }],
  ['integer with fraction', f.integer(), 1.5, 'not_integer'],
  ['integer below min', f.integer({ min: 1 }), 0, 'too_small', { min: 1 }],
  ['integer above max', f.integer({ max: 5 }), 6, 'too_big', { max: 5 }],
  ['integer past the safe range', f.integer(), 2 ** 60, 'too_big', { max: Number.MAX_SAFE_INTEGER }],
  ['number NaN', f.number(), Number.NaN, 'type'],
  ['number Infinity', f.number(), Number.POSITIVE_INFINITY, 'type'],
  ['number below min', f.number({ min: 0 }), -0.1, 'too_small'],
  ['number above max', f.number({ max: 1 }), 1.01, 'too_big'],
  ['boolean given a string', f.boolean(), 'true', 'type', { type: 'boolean' }],
  ['enum non-member', f.enum(['low', 'high']), 'extreme', 'enum', { values: ['low', 'high'] }],
  ['enum given a number', f.enum(['low', 'high']), 1, 'enum'],
  ['datetime without time zone', f.datetime(), '2025-01-31T09:30:00', 'type', { type: 'datetime' }],
  ['datetime date only', f.datetime(), '2025-01-31', 'type'],
  ['datetime that does not exist', f.datetime(), '2025-02-30T00:00:00Z', 'type'],
  ['datetime given a number', f.datetime(), 1738315800000, 'type'],
  ['ref given a number', f.ref('users'), 42, 'type', { type: 'ref' }],
  ['ref not a UUID', f.ref('users'), 'user-1', 'reference'],
  ['ref empty', f.ref('users'), '', 'reference'],
  ['date that does not exist', f.date(), '2026-02-30', 'type', { type: 'date' }],
  ['date on a leap day of a common year', f.date(), '2025-02-29', 'type'],
  ['date in month 13', f.date(), '2026-13-01', 'type'],
  ['date in year zero', f.date(), '0000-01-01', 'type'],
  ['date with a time', f.date(), '2026-03-01T00:00:00Z', 'type'],
  ['date without padding', f.date(), '2026-3-1', 'type'],
  ['date in another order', f.date(), '01/03/2026', 'type'],
  ['date given a number', f.date(), 20260301, 'type', { type: 'date' }],
  ['date before its min', f.date({ min: '2026-01-01' }), '2025-12-31', 'too_small', { min: '2026-01-01' }],
  ['date after its max', f.date({ max: '2026-12-31' }), '2027-01-01', 'too_big', { max: '2026-12-31' }],
  ['url running script', f.url(), 'javascript:alert(1)', 'type', { type: 'url' }],
  ['url with a script scheme in capitals', f.url(), 'JavaScript://%0aalert(1)', 'type'],
  ['url of data', f.url(), 'data:text/html,<b>x</b>', 'type'],
  ['url of ftp', f.url(), 'ftp://example.com/file', 'type'],
  ['url of a file', f.url(), 'file:///etc/passwd', 'type'],
  ['url relative', f.url(), '/tickets/1', 'type'],
  ['url without scheme', f.url(), 'example.com', 'type'],
  ['url scheme-relative', f.url(), '//example.com', 'type'],
  ['url with slashes left out', f.url(), 'https:example.com', 'type'],
  ['url with no host', f.url(), 'https:///path', 'type'],
  ['url with a space inside', f.url(), 'https://exa mple.com', 'type'],
  ['url with a line break inside', f.url(), 'https://example.com/\nx', 'type'],
  ['url with a tab inside', f.url(), 'https://exam\tple.com', 'type'],
  ['url with a right-to-left override', f.url(), 'https://example.com/\u202Egpj.exe', 'type'],
  ['url with a zero-width space', f.url(), 'https://exa\u200Bmple.com', 'type'],
  ['url empty', f.url(), '', 'type'],
  ['url given a number', f.url(), 42, 'type', { type: 'url' }],
  ['url over the default max', f.url(), `https://e.co/${'a'.repeat(2036)}`, 'too_long', { max: 2048 }],
  ['url over its own max', f.url({ max: 20 }), 'https://example.com/abc', 'too_long', { max: 20 }],
  ['integer not among its choices', f.integer({ choices: [15, 30] }), 20, 'enum', { values: [15, 30] }],
  ['integer choice given as text', f.integer({ choices: [15, 30] }), '15', 'type'],
  ['integer choice with a fraction', f.integer({ choices: [15, 30] }), 15.5, 'not_integer'],
];

describe('checkScalar', () => {
  it.each(passing)('accepts %s', (_, field, input, normalized) => {
    expect(checkScalar(field, input)).toEqual({ ok: true, value: normalized });
  });

  it.each(failing)('refuses %s', (_, field, input, code, params) => {
    const result = checkScalar(field, input);
    expect(result).toMatchObject({ ok: false, code, ...(params ? { params } : {}) });
  });

  it('checks state values like enum values', () => {
    const status = { kind: 'field', type: 'state', values: ['new', 'open'] } as const;
    expect(checkScalar(status, 'open')).toEqual({ ok: true, value: 'open' });
    expect(checkScalar(status, 'gone')).toMatchObject({ ok: false, code: 'enum' });
  });

  it('refuses a value of a field type it does not know', () => {
    const future = { kind: 'field', type: 'money' } as unknown as ScalarField;
    expect(checkScalar(future, 5)).toMatchObject({ ok: false, code: 'type' });
  });
});
