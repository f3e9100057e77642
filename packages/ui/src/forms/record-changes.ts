/**
 * What changed, and whose change it was, when a form is open on a record that someone else
 * may be changing: the patch of the user's own edits (measured against the record as the form
 * opened it, never against the live one, or another writer's change would read as the user
 * putting the old value back), the fields another writer changed, and the values a form
 * shows after taking their version.
 */
import type { Fields } from '@ninefold/spec';
import { type FormValues, formData } from './form-values';

type Values = { readonly [name: string]: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The patch of an edit: the fields whose value, as JSON, differs from the form's starting
 * values. Compared as JSON rather than as typed, so an edit that comes out the same (`a,b`
 * for `a, b`) is no change. A cleared field is sent as null.
 * @example editPatch(fields, ['priority', 'tags'], { priority: 'high', tags: ['vpn'] }, { priority: 'high', tags: '' })
 * // { tags: ['vpn'] }
 */
export function editPatch(
  fields: Fields,
  names: readonly string[],
  body: Values,
  start: FormValues,
): Record<string, unknown> {
  const before = formData(fields, start);
  return Object.fromEntries(names.flatMap((n) => (same(body[n], before[n]) ? [] : [[n, body[n] ?? null]])));
}

/** One field another writer changed: its value before and now. */
export interface FieldChange {
  readonly name: string;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * The fields that differ between two versions of a record, in the entity's field order.
 * Computed fields are left out: they follow from the others (a due date from the priority),
 * and listing them would bury the change that was made.
 * @example recordChanges(fields, { priority: 'high', tags: [] }, { priority: 'urgent', tags: [] })
 * // [{ name: 'priority', before: 'high', after: 'urgent' }]
 */
export function recordChanges(fields: Fields, before: Values, after: Values): FieldChange[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.computed !== undefined || same(before[name], after[name])
      ? []
      : [{ name, before: before[name], after: after[name] }],
  );
}

/**
 * The form's values after taking another writer's version ("Reload"): theirs for every field
 * they changed, even one the user changed too (Overwrite is the choice that keeps the user's);
 * the user's own edit for every field they left alone, so nothing anyone typed is lost for
 * no reason.
 * @example rebaseValues(['priority', 'tags'], { priority: 'high', tags: '' }, { priority: 'high', tags: 'vpn' }, { priority: 'urgent', tags: '' })
 * // { priority: 'urgent', tags: 'vpn' }
 */
export function rebaseValues(
  names: readonly string[],
  start: FormValues,
  mine: FormValues,
  theirs: FormValues,
): FormValues {
  return Object.fromEntries(
    names.map((n) => [n, theirs[n] !== start[n] || mine[n] === undefined ? (theirs[n] ?? '') : mine[n]]),
  );
}
