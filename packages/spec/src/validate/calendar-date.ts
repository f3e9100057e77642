/**
 * Calendar dates with no time or zone (`YYYY-MM-DD`), read strictly: the browser and the
 * server agree on every input, and no day is quietly moved into the next month.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * How many days a month of a year has (month 1–12; 0 for any other month).
 * @example daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * True when `text` is a date that exists, written `YYYY-MM-DD` (years 0001–9999).
 * @example isCalendarDate('2024-02-29') // true
 * @example isCalendarDate('2026-02-30') // false
 */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}
