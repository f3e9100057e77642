import { describe, expect, it } from 'vitest';
import { formatInstant } from './format-value';

describe('formatInstant', () => {
  it('reads as toLocaleString would, with one formatter for every call', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    for (const iso of ['2025-03-01T09:30:00Z', '2024-12-31T23:59:59Z']) {
      expect(formatInstant(iso)).toBe(new Date(iso).toLocaleString(undefined, options));
      expect(formatInstant(Date.parse(iso))).toBe(new Date(iso).toLocaleString(undefined, options));
    }
  });

  it('gives back what is not an instant as it came', () => {
    expect(formatInstant('soon')).toBe('soon');
  });
});
