/**
 * An entity's `sortable` fields: each must be a field an index can serve as a sort, or the
 * server would quietly leave it out of the sorts it takes.
 */
import { whyNotSortable } from '../derive/list-capabilities';
import type { CheckContext } from './check-context';

/**
 * Checks every entity's `sortable` declaration.
 * @example checkSortable(ctx) // reports "entities.tickets.sortable[0]: 'assignee' cannot be a sort: it is optional, …"
 */
export function checkSortable(ctx: CheckContext): void {
  for (const [name, entity] of Object.entries(ctx.app.entities)) {
    for (const [i, field] of (entity.sortable ?? []).entries()) {
      const why = whyNotSortable(entity, field);
      if (why) ctx.report(`entities.${name}.sortable[${i}]`, `'${field}' cannot be a sort: ${why}`);
    }
  }
}
