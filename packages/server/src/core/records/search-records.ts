/**
 * `?search=text` of a list: the words of the text, searched in the fields the entity declares
 * `search` over, ranked by the dialect's index (search-index.ts). User text is never query
 * syntax: it is cut into words (runs of letters, marks and digits), each searched as a word and
 * the last also as the start of one (when it has MIN_PREFIX characters), so quotes, `*`, `NEAR`, `-` or `:` can only separate words.
 * A field the caller may not read on every record is left out of the search, so it cannot
 * decide which rows match nor how they rank.
 */
import { type EntityNode, listCapabilities } from '@ninefold/spec';
import { type SearchQuery, searchIndexName } from '../../db/schema/search-index';
import { AppError } from '../app-error';

/** The longest search text taken, and the most words: a search is a few words, not a document. */
export const MAX_SEARCH_LENGTH = 200;
export const MAX_SEARCH_TERMS = 16;

/**
 * The shortest last word also matched as the start of a word: a prefix of one or two letters
 * matches most of any table's words, so it is matched as a whole word only.
 */
export const MIN_PREFIX = 3;

/**
 * How many matching records a ranked search ranks: the newest RANK_WINDOW matches, in the
 * order the index yields them, so a search of a word most records hold never scores and sorts
 * all of them. Its pages are keyset pages on (rank, id) within that window.
 */
export const RANK_WINDOW = 1000;

/** The sort name of search relevance: the default order of a search, not a field. */
export const RANK = '$rank';

/** A parsed full-text search: its words, and the search fields the caller may read. */
export interface ListSearch {
  readonly terms: readonly string[];
  readonly within: readonly string[];
  /** Whether the last word is also matched as a prefix (it has at least MIN_PREFIX characters). */
  readonly prefix: boolean;
}

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

/**
 * The words of a search text, or MALFORMED_REQUEST when it has none or is too long.
 * @example searchTerms('"printer" -jam*') // ['printer', 'jam']
 */
export function searchTerms(text: string): string[] {
  if (text.length > MAX_SEARCH_LENGTH) throw bad(`search is longer than ${MAX_SEARCH_LENGTH} characters.`);
  const terms = text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  if (terms.length === 0) throw bad('search needs a word of letters or digits.');
  if (terms.length > MAX_SEARCH_TERMS) throw bad(`search takes at most ${MAX_SEARCH_TERMS} words.`);
  return terms.map((t) => t.toLowerCase());
}

/**
 * The full-text search of an entity over the fields the caller may read, or MALFORMED_REQUEST
 * when it may read none of them. Undefined when the entity declares no `search`.
 * @example fullTextSearch(tickets, 'printer jam', readable) // { terms: ['printer', 'jam'], within: ['subject', 'description'] }
 */
export function fullTextSearch(
  entity: EntityNode,
  text: string,
  readable: (field: string) => boolean,
): ListSearch | undefined {
  if (!entity.search || entity.search.length === 0) return undefined;
  const terms = searchTerms(text);
  const within = entity.search.filter(readable);
  if (within.length === 0) throw bad('search: none of the fields it covers is one you may read.');
  return { terms, within, prefix: [...(terms.at(-1) ?? '')].length >= MIN_PREFIX };
}

/**
 * The title field a `?search=` on an entity without `search` fields is a bounded `contains`
 * of (`listCapabilities(entity).search`), or MALFORMED_REQUEST saying why there is none.
 * @example titleSearch(comments, readable) // 'body'
 */
export function titleSearch(entity: EntityNode, readable: (f: string) => boolean): string {
  const [title] = listCapabilities(entity).search;
  if (!title) throw bad('search: the entity declares no search fields and its title is not a text field.');
  if (!readable(title))
    throw bad('search: the entity declares no search fields and its title is not one you may read.');
  return title;
}

/**
 * The dialect's view of a parsed search over an entity's table.
 * @example db.dialect.search.matches(searchQuery('tickets', tickets, q.search))
 */
export function searchQuery(table: string, entity: EntityNode, search: ListSearch): SearchQuery {
  const fields = entity.search ?? [];
  return {
    table,
    index: searchIndexName(table, fields),
    fields,
    within: search.within,
    terms: search.terms,
    prefix: search.prefix,
  };
}
