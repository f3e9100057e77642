/**
 * An entity's `search` fields: each a text field of the entity (text, longText, email or url),
 * named once, at most MAX_SEARCH_FIELDS of them — PostgreSQL's tsvector has four weight
 * labels, and each field keeps its own, so a search can rank by field and be held to the
 * fields a caller may read.
 */
import type { EntityNode } from '../app/entity';
import { fieldNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { which } from './describe-names';

/** The most fields one entity's search covers. */
export const MAX_SEARCH_FIELDS = 4;

const SEARCHABLE = new Set(['text', 'longText', 'email', 'url']);

/**
 * Checks one entity's `search` declaration.
 * @example checkSearch(ctx, 'tickets', tickets) // reports "entities.tickets.search[1]: 'priority' is of type enum; search covers text, longText, email and url fields"
 */
export function checkSearch(ctx: CheckContext, name: string, entity: EntityNode): void {
  const search = entity.search;
  if (!search) return;
  const path = `entities.${name}.search`;
  if (search.length === 0) ctx.report(path, 'search names no fields; leave it out for a search of the title');
  if (search.length > MAX_SEARCH_FIELDS)
    ctx.report(path, `search covers at most ${MAX_SEARCH_FIELDS} fields, one per weight of the index`);
  const names = fieldNames(entity);
  for (const [i, field] of search.entries()) {
    const at = `${path}[${i}]`;
    const node = Object.hasOwn(entity.fields, field) ? entity.fields[field] : undefined;
    if (!node) ctx.report(at, `search names ${which(field, `a field of ${name}`, names, 'fields')}`);
    else if (!SEARCHABLE.has(node.type))
      ctx.report(
        at,
        `'${field}' is of type ${node.type}; search covers text, longText, email and url fields`,
      );
    else if (search.indexOf(field) !== i) ctx.report(at, `'${field}' is named twice`);
  }
}
