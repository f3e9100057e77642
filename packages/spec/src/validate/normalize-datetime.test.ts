import { describe, expect, it } from 'vitest';
import { normalizeDatetime } from './normalize-datetime';

describe('normalizeDatetime', () => {
  it.each([
    ['2025-01-31T09:30:00Z', '2025-01-31T09:30:00.000Z'],
    ['2025-01-31T09:30Z', '2025-01-31T09:30:00.000Z'],
    ['2025-01-31T09:30:00.5Z', '2025-01-31T09:30:00.500Z'],
    ['2025-01-31T09:30:00.123456789Z', '2025-01-31T09:30:00.123Z'],
    ['2025-01-31T10:30:00+01:00', '2025-01-31T09:30:00.000Z'],
    ['2025-01-31T00:30:00-0200', '2025-01-31T02:30:00.000Z'],
    ['2025-01-01T00:30:00+01:00', '2024-12-31T23:30:00.000Z'],
    ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
    ['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(normalizeDatetime(text)).toBe(iso);
  });

  it.each([
    ['no time zone', '2025-01-31T09:30:00'],
    ['date only', '2025-01-31'],
    ['space instead of T', '2025-01-31 09:30:00Z'],
    ['February 30th', '2025-02-30T00:00:00Z'],
    ['February 29th of a common year', '2025-02-29T00:00:00Z'],
    ['February 29th of 1900', '1900-02-29T00:00:00Z'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['day 0', '2025-01-00T00:00:00Z'],
    ['hour 24', '2025-01-31T24:00:00Z'],
    ['minute 60', '2025-01-31T09:60:00Z'],
    ['leap second', '2025-06-30T23:59:60Z'],
    ['offset hour 24', '2025-01-31T09:30:00+24:00'],
    ['year before 0000 after the offset', '0000-01-01T00:00:00+01:00'],
    ['year after 9999 after the offset', '9999-12-31T23:30:00-01:00'],
    ['six-digit year', '+012025-01-31T09:30:00Z'],
    ['trailing text', '2025-01-31T09:30:00Z junk'],
    ['text', 'tomorrow'],
  ])('refuses %s', (_, text) => {
    expect(normalizeDatetime(text)).toBeUndefined();
  });

  it('is stable on its own output', () => {
    const iso = normalizeDatetime('2025-01-31T10:30:00.25+01:00')!;
    expect(normalizeDatetime(iso)).toBe(iso);
  });
});
