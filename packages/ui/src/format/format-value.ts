/**
 * A stored value as the text of a table cell. Enum and state values read as their labels;
 * instants in the reader's locale; references through the titles the page knows.
 */
import type { EntityMeta, Field } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';

/** Titles of records the page has loaded, by id, to show references by name. */
export type RefTitles = ReadonlyMap<string, string>;

const EMPTY = '—';

// One formatter for every instant on the page: `toLocaleString` builds a new one per call,
// and a table of dates made that a large part of drawing a list on a slow phone.
let instants: Intl.DateTimeFormat | undefined;
const instantFormat = () =>
  (instants ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * Makes the date formatter now. The first one costs ~20 ms on a fast machine (the locale's
 * data loads): the start-up spends them while it waits for the network, not while a page of
 * dates is being drawn.
 * @example prepareFormats();
 */
export function prepareFormats(): void {
  instantFormat();
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
