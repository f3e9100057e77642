import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2030-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, 'now'],
    [-30, 'now'],
    [59, 'now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [8 * 24 * 3600, 'last week'],
    [65 * 24 * 3600, '2 months ago'],
    [400 * 24 * 3600, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(timeAgo(ago(seconds), NOW, 'en')).toBe(text);
  });

  it("speaks the reader's language", () => {
    expect(timeAgo(ago(2 * 3600), NOW, 'de')).toBe('vor 2 Stunden');
  });
});
