import { describe, expect, it } from 'vitest';
import { matchRoute, safeReturnPath } from './match-route';

describe('matchRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/login', '/login', {}],
    ['/login', '/login/', {}],
    ['/tickets/:id', '/tickets/42', { id: '42' }],
    ['/tickets/:id', '/tickets/a%20b', { id: 'a b' }],
    ['/files/*', '/files/a/b', { '*': 'a/b' }],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchRoute(pattern, path)).toEqual(params);
  });

  it.each([
    ['/', '/login'],
    ['/tickets/:id', '/tickets'],
    ['/tickets/:id', '/tickets/1/2'],
    ['/tickets/:id', '/tickets/%E0%A4%A'],
    ['/login', '/signup'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchRoute(pattern, path)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/tickets', '/tickets'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    [null, '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});
