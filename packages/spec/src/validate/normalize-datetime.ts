/**
 * Reads an ISO-8601 instant strictly, so the browser and the server agree on every input.
 */
import { daysInMonth } from './calendar-date';

// A time zone is required: without one, JavaScript reads the time in the local zone of
// whichever machine parses it, and the form and the server would disagree.
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * The instant `text` names, as `Date#toISOString()` writes it; `undefined` when `text` is not
 * an ISO-8601 date and time with a time zone, or names a day or time that does not exist
 * (JavaScript's own parser quietly moves 2025-02-30 to March 2nd).
 * @example normalizeDatetime('2025-01-31T10:30+01:00') // '2025-01-31T09:30:00.000Z'
 * @example normalizeDatetime('2025-02-30T00:00:00Z') // undefined
 */
export function normalizeDatetime(text: string): string | undefined {
  const m = ISO_INSTANT.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [
    m[1],
    m[2],
    m[3],
    m[4],
    m[5],
    m[6],
    m[9],
    m[10],
  ].map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offset, second, millis);
  const iso = date.toISOString();
  // An offset can push year 0000 or 9999 out of the four-digit form this function accepts.
  return /^\d{4}-/.test(iso) ? iso : undefined;
}
