/**
 * How long ago something happened, in the reader's language ("5 minutes ago", "yesterday"),
 * in the largest unit that fits; the exact time goes in the `<time>` element's `dateTime`.
 */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * @example timeAgo('2030-01-01T11:55:00Z', Date.parse('2030-01-01T12:00:00Z'), 'en') // '5 minutes ago'
 */
export function timeAgo(at: string, now: number = Date.now(), locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // A clock a little ahead of the server's must not say "in 2 seconds".
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  for (const [unit, size] of UNITS)
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return format.format(0, 'second');
}
