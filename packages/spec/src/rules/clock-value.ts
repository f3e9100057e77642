/**
 * What the clock functions (`timeOfDay`, `dateOf`, `weekdayOf`, `today`) read off an instant
 * in an IANA time zone, by the platform's zone database (`Intl.DateTimeFormat`): `HH:MM` on a
 * 24-hour clock, `YYYY-MM-DD`, the ISO weekday 1 (Monday) … 7 (Sunday). An unknown zone or an
 * unreadable instant has no answer (null), never a thrown RangeError.
 */
import type { ClockPart } from './expr';

// One formatter per zone: making one costs far more than formatting with it. `null` marks a
// zone the platform does not know, so a bad name is not retried on every record.
const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();
const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = FORMATTERS.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        weekday: 'short',
        era: 'short',
      });
    } catch {
      f = null;
    }
    FORMATTERS.set(zone, f);
  }
  return f;
}

/**
 * Whether the platform knows `zone` as a time zone.
 * @example isTimeZone('Europe/Zurich') // true
 */
export function isTimeZone(zone: string): boolean {
  return zone !== '' && formatterFor(zone) !== null;
}

/**
 * The part of an instant (an ISO-8601 timestamp) as seen in a time zone, or null.
 * @example clockValue('time', '2025-03-30T01:30:00Z', 'Europe/Zurich') // '03:30' (summer time began at 01:00 UTC)
 * @example clockValue('weekday', '2025-01-05T12:00:00Z', 'UTC') // 7, a Sunday
 */
export function clockValue(part: ClockPart, instant: unknown, zone: unknown): string | number | null {
  if (typeof instant !== 'string' || typeof zone !== 'string' || zone === '') return null;
  const t = Date.parse(instant);
  if (!Number.isFinite(t)) return null;
  const f = formatterFor(zone);
  if (!f) return null;
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(t)) parts[p.type] = p.value;
  if (part === 'time') return `${parts.hour}:${parts.minute}`;
  if (part === 'weekday') return WEEKDAYS[parts.weekday ?? ''] ?? null;
  // Years before 1 CE have no `YYYY` form the rest of the app reads.
  if (parts.era !== 'AD') return null;
  return `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}`;
}
