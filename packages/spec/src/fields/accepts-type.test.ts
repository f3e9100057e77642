import { describe, expect, it } from 'vitest';
import { acceptsType } from './accepts-type';

describe('acceptsType', () => {
  it.each([
    [undefined, 'application/zip', true],
    [['image/*'], 'image/png', true],
    [['image/*'], 'IMAGE/PNG', true],
    [['image/*'], 'image/svg+xml', false],
    [['image/svg+xml'], 'image/svg+xml', true],
    [['*/*'], 'text/html', false],
    [['*/*'], 'text/plain', true],
    [['application/pdf'], 'application/pdf', true],
    [['application/pdf'], 'text/plain', false],
    [['text/plain'], 'text/plain; charset=utf-8', true],
    [['image/*'], 'imagex/png', false],
  ] as const)('%j takes %s: %s', (accept, type, expected) => {
    expect(acceptsType(accept, type)).toBe(expected);
  });
});
