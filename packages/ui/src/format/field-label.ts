/**
 * A field's name as people read it: its declared label, else the name made readable. The
 * spec has the same rule for its messages; the UI keeps its own so every page, dialog and
 * notice names a field the same way.
 */
import { humanize } from '@ninefold/spec';

/**
 * @example fieldLabel(meta.entities.tickets!.fields, 'priority') // 'Priority'
 * @example fieldLabel({}, 'resolvedAt') // 'Resolved at'
 */
export function fieldLabel(
  fields: { readonly [name: string]: { readonly label?: string | undefined } | undefined },
  name: string,
): string {
  return fields[name]?.label ?? humanize(name);
}
