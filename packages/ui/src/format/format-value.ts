/**
 * A stored value as the text of a table cell. Enum and state values read as their labels;
 * instants in the reader's locale and zone, calendar dates in the locale with no zone at all;
 * references through the titles the page knows.
 */
import type { EntityMeta, Field } from '@ninefold/spec';
import { humanize, isCalendarDate } from '@ninefold/spec';

/** Titles of records the page has loaded, by id, to show references by name. */
export type RefTitles = ReadonlyMap<string, string>;

const EMPTY = '—';

// One formatter for every instant on the page: `toLocaleString` builds a new one per call,
// and a table of dates made that a large part of drawing a list on a slow phone.
let instants: Intl.DateTimeFormat | undefined;
const instantFormat = () =>
  (instants ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

// Calendar dates are drawn as midnight UTC in UTC: a date is no instant, and formatting it
// in the reader's zone would show the day before west of Greenwich.
let dates: Intl.DateTimeFormat | undefined;
const dateFormat = () =>
  (dates ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }));

/**
 * Makes the date formatter now. The first one costs ~20 ms on a fast machine (the locale's
 * data loads): the start-up spends them while it waits for the network, not while a page of
 * dates is being drawn.
 * @example prepareFormats();
 */
export function prepareFormats(): void {
  instantFormat();
  dateFormat();
}

/**
 * A calendar date (`YYYY-MM-DD`), short, in the reader's locale: the same day wherever the
 * reader is. What is not such a date comes back as it came.
 * @example formatDate('2026-03-01') // 'Mar 1, 2026' (en-US, in any time zone)
 */
export function formatDate(day: string): string {
  if (!isCalendarDate(day)) return day;
  const d = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 1–99 as written.
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return dateFormat().format(d);
}

/**
 * An instant, short, in the reader's locale and time zone.
 * @example formatInstant(Date.parse('2025-03-01T09:30:00Z')) // 'Mar 1, 2025, 9:30 AM' (en-US, UTC)
 */
export function formatInstant(t: number | string): string {
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return String(t);
  return instantFormat().format(d);
}

/**
 * @example formatValue(entity, 'status', 'new') // 'New'
 * @example formatValue(entity, 'tags', ['vpn', 'mac']) // 'vpn, mac'
 */
export function formatValue(
  entity: EntityMeta | undefined,
  name: string,
  value: unknown,
  refs?: RefTitles,
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const field: Field | undefined = entity?.fields[name];
  if (name === 'createdAt' || name === 'updatedAt' || field?.type === 'datetime') {
    const t = Date.parse(String(value));
    return Number.isNaN(t) ? String(value) : formatInstant(t);
  }
  if (field?.type === 'date') return formatDate(String(value));
  if (field?.type === 'state' && entity?.states && entity.states.field === name) {
    return entity.states.states[String(value)]?.label ?? String(value);
  }
  if (field?.type === 'enum') return humanize(String(value));
  if (field?.type === 'boolean') return value ? 'Yes' : 'No';
  if (field?.type === 'ref') return refs?.get(String(value)) ?? `#${String(value).slice(-6)}`;
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
