import { describe, expect, it } from 'vitest';
import { pagerText } from './pager';

describe('pagerText', () => {
  it.each([
    { page: 1, pageSize: 25, shown: 25, total: 1234, text: '1–25 of 1,234 · page 1 of 50' },
    { page: 2, pageSize: 25, shown: 25, total: 1234, text: '26–50 of 1,234 · page 2 of 50' },
    { page: 50, pageSize: 25, shown: 9, total: 1234, text: '1,226–1,234 of 1,234 · page 50 of 50' },
    { page: 1, pageSize: 25, shown: 3, total: 3, text: '1–3 of 3' },
    // A search's count that stopped at the server's bound.
    { page: 2, pageSize: 25, shown: 25, total: 10000, totalIsLowerBound: true, text: '26–50 of 10,000+' },
    { page: 1, pageSize: 25, shown: 0, total: 0, text: '0 of 0' },
    // No total (not counted yet, or a server that does not count): the page number alone.
    { page: 3, pageSize: 25, shown: 25, total: undefined, text: 'Page 3' },
  ])('says $text', ({ text, ...where }) => {
    expect(pagerText(where)).toBe(text);
  });
});
