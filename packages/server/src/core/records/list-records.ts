/**
 * Lists: the caller's read rule becomes part of the WHERE clause, so the database filters
 * (pages and counts stay right, indexes serve the query) and a hidden record is simply
 * absent. Pages are keyset pages on (sort field, id), each sort served by an index
 * (`listCapabilities`); a `contains` search examines at most CONTAINS_WINDOW records a page.
 * A full-text search (search-records.ts) is a condition like the others, served by the
 * dialect's search index; unless a sort is given it orders by rank, and its pages are keyset
 * pages on (rank, id): a rank is worked out from the row's own text, so it stays put while
 * other rows come and go, and no page repeats or skips a row the way an offset would. Only the
 * newest RANK_WINDOW matches are ranked, and `count=true` reads at most COUNT_WINDOW records
 * where no index counts (a `contains`, a search): the work of one request has a bound.
 */
import { CONTAINS_WINDOW, SYSTEM_FIELDS } from '@ninefold/spec';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../app-error';
import { accessRule, grantsFor } from '../rules/access-rule';
import { ruleToSql } from '../rules/compile-rule';
import { projectAll } from './answer';
import { expandRecords } from './expand-records';
import { encodeCursor, type Filter, type ListQuery, parseListQuery } from './list-query';
import type { RecordScope } from './record-scope';
import { decodeRow, type Rec } from './row-codec';
import { type ListSearch, RANK, RANK_WINDOW, searchQuery } from './search-records';

/** Columns a search's statement adds to each row; `decodeRow` reads only the entity's fields. */
const N = '$window_n';
const HIT = '$hit';
/** The column a ranked search's statement adds: the row's rank, which its cursor carries. */
const SCORE = '$score';

const OPS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function filterSql(f: Filter, scope: RecordScope): RawBuilder<SqlBool> {
  const col = sql.ref(`t.${f.field}`);
  if (f.op === 'in')
    return sql<SqlBool>`${col} in (${sql.join((f.value as unknown[]).map((v) => sql.val(v)))})`;
  if (f.op === 'contains') {
    // The one meaning (sql-semantics.ts): a substring, case folded for ASCII letters only, the
    // same on every dialect (a LIKE would fold É to é on one and not the other).
    return scope.exec.dialect.contains(col, f.value);
  }
  if (f.value === null)
    return f.op === 'eq' ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} is not null`;
  return sql<SqlBool>`${col} ${sql.raw(OPS[f.op])} ${f.value}`;
}

/** The WHERE conditions of a list: filters and the caller's read rule. */
export function listConditions(
  scope: RecordScope,
  entity: string,
  filters: readonly Filter[],
): RawBuilder<SqlBool>[] {
  const conditions = filters.map((f) => filterSql(f, scope));
  if (!scope.system)
    conditions.push(ruleToSql(accessRule(scope.app, entity, scope.role, 'read'), entity, 't', scope.rules));
  return conditions;
}

/**
 * The FROM of a list (`<entity> as t`, and what a full-text search joins) and its WHERE
 * conditions: filters, the search's match and the caller's read rule.
 */
function listSource(scope: RecordScope, entity: string, filters: readonly Filter[], search?: ListSearch) {
  const conditions = listConditions(scope, entity, filters);
  if (!search) return { from: sql`${sql.table(entity)} as t`, conditions };
  const q = searchQuery(entity, scope.entity(entity), search);
  const { search: dialect } = scope.exec.dialect;
  conditions.unshift(dialect.matches(q));
  return {
    from: dialect.from(entity, q),
    conditions,
    score: dialect.score(q),
    newest: dialect.newest(q),
  };
}

function whereOf(conditions: readonly RawBuilder<SqlBool>[]) {
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * How many records a list's `count=true` examines when no index can count them (a `contains`
 * filter or the title search), or counts of a full-text search's matches: past it, `total`
 * is a lower bound and `totalIsLowerBound` says so, as PostgREST answers a count it did not
 * finish with `*`. Plain filters count exactly: an index serves them.
 */
export const COUNT_WINDOW = 10 * CONTAINS_WINDOW;

/** A page of a list: its items, where it goes on from, and with `count=true` the total. */
export interface ListPage {
  items: Rec[];
  nextCursor: string | null;
  total?: number;
  /** With `count=true`: the count stopped at COUNT_WINDOW records, so there are at least `total`. */
  totalIsLowerBound?: true;
}

/** Parses a list query string against what the caller may read. */
export function readListQuery(
  scope: RecordScope,
  entity: string,
  query: Readonly<Record<string, unknown>>,
): ListQuery {
  const node = scope.entity(entity);
  // A role that may read none of an entity is told so; one that may read some sees only those.
  if (!scope.system && grantsFor(scope.app, entity, scope.role, 'read')?.length === 0) {
    throw new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  }
  // Only fields shown on every record the caller may read: were a filter or sort let name a
  // field that some of those records hide (a read grant without it admitted them), which
  // records come back, or their order, would tell its hidden values. Such a field is
  // refused as if it did not exist, like one hidden on every record.
  const readable = scope.readableFields(entity);
  return parseListQuery(
    node,
    query,
    (f) => !readable || readable.has(f) || (SYSTEM_FIELDS as readonly string[]).includes(f),
    scope.app.limits.pageSize,
  );
}

/**
 * One page of records the caller may read: with `q.expand` each carries `$expand`, with
 * `q.count` the page carries `total`, counted under the same conditions.
 * @example await listRecords(scope, 'tickets', readListQuery(scope, 'tickets', { status: 'open', count: 'true' }))
 */
export async function listRecords(scope: RecordScope, entity: string, q: ListQuery): Promise<ListPage> {
  const page: ListPage =
    q.sort.field === RANK ? await rankedPage(scope, entity, q) : await sortedPage(scope, entity, q);
  if (q.expand.length > 0) await expandRecords(scope, entity, page.items, q.expand);
  if (q.count) Object.assign(page, await pageTotal(scope, entity, q));
  return page;
}

/** A page in rank order: (rank, id) ascending, the best match first. */
async function rankedPage(scope: RecordScope, entity: string, q: ListQuery): Promise<ListPage> {
  const node = scope.entity(entity);
  const { from, conditions, score, newest } = listSource(scope, entity, q.filters, q.search);
  // Only the newest RANK_WINDOW matches are ranked: a common word or short prefix would
  // otherwise score and sort every record holding it before the limit.
  const ranked = sql`select t.*, ${score} as ${sql.ref(SCORE)} from ${from} ${whereOf(conditions)}
    order by ${newest} limit ${RANK_WINDOW}`;
  const after = q.after ? sql`where (t.${sql.ref(SCORE)}, t.id) > (${q.after.value}, ${q.after.id})` : sql``;
  const rows = await scope.exec.all<Rec>(
    sql`select * from (${ranked}) as t ${after} order by t.${sql.ref(SCORE)}, t.id limit ${q.limit + 1}`.compile(
      scope.exec.qb,
    ),
  );
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const last = shown.at(-1);
  return {
    items: await projectAll(
      scope,
      entity,
      shown.map((r) => decodeRow(node, r, scope.exec.dialect)),
    ),
    nextCursor: more && last ? encodeCursor(Number(last[SCORE]), String(last.id)) : null,
  };
}

/** A page in a field's order, a `contains` filter examining a bounded window. */
async function sortedPage(scope: RecordScope, entity: string, q: ListQuery): Promise<ListPage> {
  const node = scope.entity(entity);
  const search = q.filters.filter((f) => f.op === 'contains');
  const { from, conditions } = listSource(
    scope,
    entity,
    q.filters.filter((f) => f.op !== 'contains'),
    q.search,
  );
  const { field, desc } = q.sort;
  const col = sql.ref(`t.${field}`);
  const idCol = sql.ref('t.id');
  if (q.after) {
    const cmp = sql.raw(desc ? '<' : '>');
    // A row value, not `a < x or (a = x and id < y)`: both dialects read it as one range of
    // the (field, id) index; SQLite walks the index from the start for the `or` form.
    conditions.push(sql<SqlBool>`(${col}, ${idCol}) ${cmp} (${q.after.value}, ${q.after.id})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const order = sql`order by ${col} ${dir}, ${idCol} ${dir}`;
  const ordered = sql`select t.* from ${from} ${where} ${order}`;
  if (search.length === 0) {
    const rows = await scope.exec.all<Rec>(sql`${ordered} limit ${q.limit + 1}`.compile(scope.exec.qb));
    const more = rows.length > q.limit;
    const page = (more ? rows.slice(0, q.limit) : rows).map((r) => decodeRow(node, r, scope.exec.dialect));
    return {
      items: await projectAll(scope, entity, page),
      nextCursor: cursorAt(more ? page.at(-1) : undefined),
    };
  }
  // No index finds a substring, so a search examines a bounded window of the list, in its
  // order (an index walk), and keeps the matches: the cost of a page never grows with the
  // table. The window's last row comes back in the same statement, so the page and where it
  // goes on from are one snapshot: read apart, a delete or insert in between shifted the
  // window, so a row was never examined or a match was given twice.
  const hit = sql<SqlBool>`${sql.join(
    search.map((f) => filterSql(f, scope)),
    sql` and `,
  )}`;
  const rows = await scope.exec.all<Rec>(
    sql`select t.* from (select t.*, row_number() over (${order}) as ${sql.ref(N)},
        case when ${hit} then 1 else 0 end as ${sql.ref(HIT)}
        from (${ordered} limit ${CONTAINS_WINDOW}) as t) as t
      where t.${sql.ref(HIT)} = 1 or t.${sql.ref(N)} = ${CONTAINS_WINDOW}
      ${order} limit ${q.limit + 2}`.compile(scope.exec.qb),
  );
  // The window's last row sorts after every match in it: limit + 1 matches and it fit.
  const matches = rows.filter((r) => Number(r[HIT]) === 1);
  const more = matches.length > q.limit;
  const page = (more ? matches.slice(0, q.limit) : matches).map((r) =>
    decodeRow(node, r, scope.exec.dialect),
  );
  // A short page goes on from the window's last row when the window was full: rows past it
  // were not examined, so they may still match.
  const end = rows.find((r) => Number(r[N]) === CONTAINS_WINDOW);
  return {
    items: await projectAll(scope, entity, page),
    nextCursor: cursorAt(more ? page.at(-1) : end && decodeRow(node, end, scope.exec.dialect)),
  };

  function cursorAt(row: Rec | undefined): string | null {
    return row ? encodeCursor(row[field], String(row.id)) : null;
  }
}

/** The total of a list's `count=true`, bounded where no index counts it (COUNT_WINDOW). */
async function pageTotal(
  scope: RecordScope,
  entity: string,
  q: ListQuery,
): Promise<Pick<ListPage, 'total' | 'totalIsLowerBound'>> {
  const contains = q.filters.filter((f) => f.op === 'contains');
  if (contains.length === 0 && !q.search) return { total: await countRecords(scope, entity, q.filters) };
  const { from, conditions } = listSource(
    scope,
    entity,
    q.filters.filter((f) => f.op !== 'contains'),
    q.search,
  );
  // The window is taken before the substring test, so at most COUNT_WINDOW records are read
  // whatever matches; for a full-text search the index finds only matches, so it counts them.
  const hit =
    contains.length > 0
      ? sql`case when ${sql.join(
          contains.map((f) => filterSql(f, scope)),
          sql` and `,
        )} then 1 else 0 end`
      : sql`1`;
  const rows = await scope.exec.all<{ n: number; seen: number }>(
    sql`select coalesce(sum(w.hit), 0) as n, count(*) as seen from (select ${hit} as hit from ${from}
      ${whereOf(conditions)} limit ${COUNT_WINDOW + 1}) as w`.compile(scope.exec.qb),
  );
  const seen = Number(rows[0]?.seen ?? 0);
  const n = Number(rows[0]?.n ?? 0);
  if (seen <= COUNT_WINDOW) return { total: n };
  // A row past the window was read only to know there are more: the total is what was found.
  return { total: Math.min(n, COUNT_WINDOW), totalIsLowerBound: true };
}

/**
 * How many records the caller may read match the filters.
 * @example await countRecords(scope, 'tickets', [])
 */
export async function countRecords(
  scope: RecordScope,
  entity: string,
  filters: readonly Filter[],
  search?: ListSearch,
): Promise<number> {
  scope.entity(entity);
  const { from, conditions } = listSource(scope, entity, filters, search);
  const rows = await scope.exec.all<{ n: number }>(
    sql`select count(*) as n from ${from} ${whereOf(conditions)}`.compile(scope.exec.qb),
  );
  return Number(rows[0]?.n ?? 0);
}
