/**
 * What names a record in lists, links and headings, from its entity's `title`: a field
 * (`'subject'`), a path through one reference (`'book.title'`), or a template of both
 * (`'{book.title} for {borrower.name}'`). The one reading of a title every consumer shares:
 * the checker, `/api/meta` readers and the UI.
 */

/** A place in a title: a field of the record, or `sub` of the record its reference `field` names. */
export interface TitlePath {
  readonly field: string;
  readonly sub?: string;
}

/** A title in order: literal text and paths. */
export type TitlePart = string | TitlePath;

/** What reading a title needs of an entity: an `EntityNode` or its `/api/meta` form. */
export interface TitledEntity {
  readonly title?: string;
  readonly fields: { readonly [name: string]: { readonly type: string } | undefined };
}

/** A record, and the records its references name when expanded (`$expand` of a list item). */
export type TitledRecord = { readonly [name: string]: unknown };
export type ExpandedRefs = { readonly [field: string]: TitledRecord | null | undefined };

const cache = new Map<string, readonly TitlePart[] | undefined>();

function pathOf(text: string): TitlePath {
  const dot = text.indexOf('.');
  return dot < 0 ? { field: text } : { field: text.slice(0, dot), sub: text.slice(dot + 1) };
}

/**
 * A title read into parts; `undefined` when its braces do not pair up (`'{a'`, `'a}'`, `'{{a}}'`).
 * A title without braces is one path.
 * @example titleParts('{book.title} for {borrower.name}')
 * // [{ field: 'book', sub: 'title' }, ' for ', { field: 'borrower', sub: 'name' }]
 * @example titleParts('subject') // [{ field: 'subject' }]
 */
export function titleParts(title: string): readonly TitlePart[] | undefined {
  if (cache.has(title)) return cache.get(title);
  let parts: TitlePart[] | undefined = [];
  if (!/[{}]/.test(title)) parts.push(pathOf(title));
  else {
    const re = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
    for (const m of title.matchAll(re)) {
      if (m[3] !== undefined) {
        parts = undefined;
        break;
      }
      parts.push(m[1] !== undefined ? pathOf(m[1].trim()) : (m[2] as string));
    }
  }
  const frozen = parts && Object.freeze(parts.map((p) => (typeof p === 'string' ? p : Object.freeze(p))));
  cache.set(title, frozen);
  return frozen;
}

/** The paths of a title, in order. */
function titlePaths(entity: TitledEntity): TitlePath[] {
  const parts = entity.title === undefined ? undefined : titleParts(entity.title);
  return (parts ?? []).filter((p): p is TitlePath => typeof p !== 'string');
}

/**
 * The reference fields a title reads through: what a list or get must `?expand=` to name
 * its records.
 * @example titleRefs(app.entities.loans!) // ['book', 'borrower']
 * @example titleRefs(app.entities.tickets!) // []
 */
export function titleRefs(entity: TitledEntity): string[] {
  const refs = titlePaths(entity)
    .filter((p) => p.sub !== undefined && entity.fields[p.field]?.type === 'ref')
    .map((p) => p.field);
  return [...new Set(refs)];
}

/**
 * The record's own fields a title reads (references it reads through included).
 * @example titleFields(app.entities.loans!) // ['book', 'borrower']
 */
export function titleFields(entity: TitledEntity): string[] {
  return [...new Set(titlePaths(entity).map((p) => p.field))];
}

function words(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(String).join(', ');
  if (typeof value === 'object') return undefined;
  return String(value);
}

/**
 * A short form of an id, for a record nothing else names.
 * @example shortId('0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d') // '#5b6c7d'
 */
export function shortId(id: unknown): string {
  return `#${String(id ?? '').slice(-6)}`;
}

/**
 * The words that name `record`. Paths through a reference read the expanded record
 * (`expanded`, by default the record's own `$expand`); a part nobody may read, or not
 * loaded, reads as `…` inside a template. Only when no part is known does the title fall
 * back to `fallback` (a short form of the id unless given). An entity with no title is named
 * by its `name` field.
 * @example recordTitle(tickets, { id, subject: 'Printer on fire' }) // 'Printer on fire'
 * @example recordTitle(loans, loan, { book: { title: 'Dune' }, borrower: { name: 'Ann' } }) // 'Dune for Ann'
 * @example recordTitle(loans, loan, {}) // '#5b6c7d'
 */
export function recordTitle(
  entity: TitledEntity,
  record: TitledRecord,
  expanded: ExpandedRefs | undefined = record.$expand as ExpandedRefs | undefined,
  fallback: string = shortId(record.id),
): string {
  const title = entity.title ?? (entity.fields.name ? 'name' : undefined);
  const parts = title === undefined ? undefined : titleParts(title);
  if (!parts) return fallback;
  let known = false;
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const value =
        part.sub === undefined
          ? record[part.field]
          : entity.fields[part.field]?.type === 'ref'
            ? expanded?.[part.field]?.[part.sub]
            : undefined;
      const shown = words(value);
      if (shown !== undefined) known = true;
      return shown ?? '…';
    })
    .join('');
  return known ? text : fallback;
}
