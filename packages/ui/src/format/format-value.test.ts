import type { EntityMeta } from '@ninefold/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatInstant, formatValue } from './format-value';

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

describe('formatDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Each zone's own reading of that calendar day at local noon: the day the reader expects.
  const expected = (y: number, m: number, d: number) =>
    new Date(y, m - 1, d, 12).toLocaleDateString(undefined, { dateStyle: 'medium' });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Asia/Kolkata'])(
    'shows the same day in %s',
    (tz) => {
      process.env.TZ = tz;
      expect(formatDate('2026-03-01')).toBe(expected(2026, 3, 1));
      expect(formatDate('2024-02-29')).toBe(expected(2024, 2, 29));
      expect(formatDate('2026-12-31')).toBe(expected(2026, 12, 31));
    },
  );

  it('is a day earlier west of Greenwich when read as an instant, which it must not be', () => {
    process.env.TZ = 'America/Los_Angeles';
    const naive = new Date('2026-03-01').toLocaleDateString(undefined, { dateStyle: 'medium' });
    expect(naive).toBe(expected(2026, 2, 28));
    expect(formatDate('2026-03-01')).not.toBe(naive);
  });

  it('gives back what is not a calendar date as it came', () => {
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('soon')).toBe('soon');
  });

  it('is how formatValue shows a date field', () => {
    const entity = { fields: { due: { kind: 'field', type: 'date' } } } as unknown as EntityMeta;
    expect(formatValue(entity, 'due', '2026-03-01')).toBe(formatDate('2026-03-01'));
  });
});
