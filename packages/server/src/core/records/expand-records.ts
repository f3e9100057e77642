/**
 * `?expand=f1,f2`: each item carries, under `$expand`, the records its reference fields point
 * at — each as the caller's own GET of it would answer (its entity's read rule and field
 * rules, `$can` included), or null where there is none or that GET would be NOT_FOUND. One
 * query a field for a whole page; the target entity's read rule is part of its WHERE, as a
 * list's is, so a hidden record is never loaded into the answer at all.
 */
import type { RefField } from '@ninefold/spec';
import { sql } from 'kysely';
import { AppError } from '../app-error';
import { answer, isReadable } from './answer';
import { parseExpand } from './list-query';
import { listConditions } from './list-records';
import type { RecordScope } from './record-scope';
import { decodeRow, type Rec, recordColumns } from './row-codec';

/**
 * Puts `$expand` on each of `items` (records of `entity` as the caller sees them) for `fields`,
 * reference fields the caller may read (`parseListQuery` checked them).
 * @example await expandRecords(scope, 'tickets', page.items, ['requester', 'assignee']);
 */
export async function expandRecords(
  scope: RecordScope,
  entity: string,
  items: readonly Rec[],
  fields: readonly string[],
): Promise<void> {
  if (fields.length === 0) return;
  const node = scope.entity(entity);
  const expanded = items.map((): Record<string, Rec | null> => ({}));
  for (const field of fields) {
    const target = (node.fields[field] as RefField).entity;
    const ids = [...new Set(items.map((i) => i[field]).filter((v): v is string => typeof v === 'string'))];
    const found = await readableTargets(scope, target, ids);
    items.forEach((item, i) => {
      const id = item[field];
      expanded[i]![field] = typeof id === 'string' ? (found.get(id) ?? null) : null;
    });
  }
  items.forEach((item, i) => {
    (item as Rec).$expand = expanded[i];
  });
}

/**
 * The `expand` parameter of a single record's GET, read as a list's is.
 * @example const fields = readExpand(scope, 'tickets', req.query.expand);
 */
export function readExpand(scope: RecordScope, entity: string, raw: unknown): string[] {
  if (typeof raw !== 'string')
    throw new AppError('MALFORMED_REQUEST', { reason: 'expand is given more than once.' });
  const readable = scope.readableFields(entity);
  return parseExpand(scope.entity(entity), raw, (f) => isReadable(readable, f));
}

/** The records of `ids` the caller may read, each answered as its GET would be, by id. */
async function readableTargets(
  scope: RecordScope,
  target: string,
  ids: readonly string[],
): Promise<Map<string, Rec>> {
  const found = new Map<string, Rec>();
  if (ids.length === 0) return found;
  const node = scope.entity(target);
  const conditions = [
    sql`t.id in (${sql.join(ids.map((id) => sql.val(id)))})`,
    ...listConditions(scope, target, []),
  ];
  const columns = sql.join(recordColumns(node).map((c) => sql.ref(`t.${c}`)));
  const rows = await scope.exec.all<Rec>(
    sql`select ${columns} from ${sql.table(target)} as t where ${sql.join(conditions, sql` and `)}`.compile(
      scope.exec.qb,
    ),
  );
  for (const row of rows) {
    const record = decodeRow(node, row, scope.exec.dialect);
    found.set(String(record.id), await answer(scope, target, record));
  }
  return found;
}
