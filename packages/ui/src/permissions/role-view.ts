/**
 * What one role may see and do, read from the permission matrix and screens in `/api/meta`.
 * The server stays the authority; this only keeps the UI from offering what it would refuse.
 */
import type {
  ClientMeta,
  EntityOperation,
  PermissionCell,
  RuleNode,
  ScreenInput,
  ScreenKind,
} from '@ninefold/spec';
import { isFileField, isWritable, SYSTEM_FIELDS } from '@ninefold/spec';

const SYSTEM: ReadonlySet<string> = new Set(SYSTEM_FIELDS);
// Field types a table cell cannot show in a line (files: a screen naming them gets a count).
const NOT_IN_TABLES: ReadonlySet<string> = new Set(['longText', 'object', 'map', 'file', 'files']);
const MAX_DEFAULT_COLUMNS = 6;

/** The role's permission cell for an operation on an entity, if the matrix has one. */
export function permissionCell(
  meta: ClientMeta,
  role: string,
  entity: string,
  op: EntityOperation,
): PermissionCell | undefined {
  return meta.permissions.entities[role]?.[entity]?.[op];
}

/**
 * True when the role may perform the operation on some records of the entity.
 * @example mayDo(meta, 'customer', 'tickets', 'create') // true
 */
export function mayDo(meta: ClientMeta, role: string, entity: string, op: EntityOperation): boolean {
  const cell = permissionCell(meta, role, entity, op);
  return cell !== undefined && cell.allowed !== 'never';
}

function isSelfRule(rule: RuleNode): boolean {
  if (rule.kind !== 'compare' || rule.op !== 'eq') return false;
  const { left, right } = rule;
  const idVsCaller = (a: typeof left, b: typeof right) =>
    a.kind === 'field' && a.name === 'id' && b.kind === 'caller' && b.prop === 'id';
  return idVsCaller(left, right) || idVsCaller(right, left);
}

/**
 * True when every read grant is "the caller is this record" (a user reading themselves):
 * such a list holds one row, the account the header already names, so it gets no table.
 * @example readsOnlySelf(meta.permissions.entities.customer!.users!.read) // true
 */
export function readsOnlySelf(cell: PermissionCell): boolean {
  return cell.rules.length > 0 && cell.rules.every(isSelfRule);
}

/**
 * The screen of a kind for an entity that the role may see. A screen without `roles` is for
 * every signed-in role.
 */
export function screenFor(
  meta: ClientMeta,
  role: string,
  entity: string,
  kind: ScreenKind,
): ScreenInput | undefined {
  return Object.values(meta.screens).find(
    (s) =>
      s.kind === kind && s.entity === entity && (s.roles ? s.roles.includes(role) : role !== 'anonymous'),
  );
}

/**
 * The entities the role may list, those with a list screen first (in screen order).
 * @example listableEntities(meta, 'customer') // ['tickets', 'articles', 'comments']
 */
export function listableEntities(meta: ClientMeta, role: string): string[] {
  const names = Object.keys(meta.entities).filter((name) => {
    const cell = permissionCell(meta, role, name, 'read');
    return cell !== undefined && cell.allowed !== 'never' && !readsOnlySelf(cell);
  });
  const screenOrder = Object.values(meta.screens)
    .filter((s) => s.kind === 'list' && s.entity)
    .map((s) => s.entity!);
  const rank = (name: string) => {
    const i = screenOrder.indexOf(name);
    return i === -1 ? screenOrder.length : i;
  };
  return names
    .map((name, i) => ({ name, i }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i)
    .map((x) => x.name);
}

/**
 * The fields the role may read on the entity (without the system fields).
 * @example readableFields(meta, 'agent', 'users') // ['email', 'name', 'role', 'team']
 */
export function readableFields(meta: ClientMeta, role: string, entity: string): string[] {
  const all = Object.keys(meta.entities[entity]?.fields ?? {});
  const granted = permissionCell(meta, role, entity, 'read')?.fields;
  return granted ? all.filter((f) => granted.includes(f)) : all;
}

/**
 * The table columns for the role: the list screen's columns it may read, else the title
 * field and the next few one-line fields.
 * @example tableColumns(meta, 'agent', 'tickets') // ['subject', 'status', 'priority', 'category', 'assignee', 'dueAt']
 */
export function tableColumns(meta: ClientMeta, role: string, entity: string): string[] {
  const readable = readableFields(meta, role, entity);
  const canRead = (f: string) => readable.includes(f) || SYSTEM.has(f);
  const screen = screenFor(meta, role, entity, 'list');
  if (screen?.columns) return screen.columns.filter(canRead);
  const e = meta.entities[entity];
  const title = e?.title && readable.includes(e.title) ? [e.title] : [];
  const rest = readable.filter((f) => f !== e?.title && !NOT_IN_TABLES.has(e?.fields[f]?.type ?? ''));
  return [...title, ...rest].slice(0, MAX_DEFAULT_COLUMNS);
}

/**
 * Every field the role's create grant may write: what the validator lets through. Never a
 * file field: files go up into a record once it exists.
 * @example creatableFields(meta, 'customer', 'tickets') // ['subject', 'description', 'priority', 'category', 'tags']
 */
export function creatableFields(meta: ClientMeta, role: string, entity: string): string[] {
  const cell = permissionCell(meta, role, entity, 'create');
  const e = meta.entities[entity];
  if (!cell || cell.allowed === 'never' || !e) return [];
  return Object.entries(e.fields)
    .filter(
      ([name, field]) =>
        isWritable(field) && !isFileField(field) && (!cell.fields || cell.fields.includes(name)),
    )
    .map(([name]) => name);
}

/**
 * The fields the role's create form asks for: the creatable ones, narrowed to and ordered
 * by the entity's form screen when the role has one.
 * @example createFields(meta, 'customer', 'tickets') // ['subject', 'description', 'priority', 'category']
 * @example createFields(meta, 'customer', 'articles') // []
 */
export function createFields(meta: ClientMeta, role: string, entity: string): string[] {
  const writable = creatableFields(meta, role, entity);
  const screen = screenFor(meta, role, entity, 'form');
  return screen?.fields ? screen.fields.filter((f) => writable.includes(f)) : writable;
}
