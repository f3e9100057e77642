/**
 * The database schema an app needs, derived from its spec: one table per entity, one
 * column per field, CHECK constraints from the field limits (so the database refuses what
 * the validators refuse), and the indexes that unique fields, references, declared indexes
 * and list sorts need.
 */
import { createHash } from 'node:crypto';
import {
  type App,
  type Field,
  isExpr,
  isFileField,
  listCapabilities,
  type RuleNode,
  type UniqueNode,
  URL_MAX,
} from '@ninefold/spec';
import { AUTOMATION_TABLES } from './automation-tables';
import { FILE_TABLES } from './file-tables';

export type ColumnType = 'text' | 'integer' | 'real' | 'boolean' | 'datetime' | 'json';

export interface ColumnPlan {
  readonly name: string;
  readonly type: ColumnType;
  readonly notNull: boolean;
  /** A literal default, so a column added to a table with rows can be NOT NULL. */
  readonly default?: string | number | boolean;
  /** Constraints as data; each dialect writes its own SQL. */
  readonly check?: ColumnCheck;
}

export interface ColumnCheck {
  readonly values?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
}

export interface IndexPlan {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
  /** A partial index's condition: a unique declaration's `where` (index-where-sql.ts). */
  readonly where?: { readonly rule: RuleNode; readonly stateField?: string };
  /** The entity's unique declaration this index enforces, named in sync's and writes' errors. */
  readonly constraint?: string;
}

export interface TablePlan {
  readonly name: string;
  readonly columns: readonly ColumnPlan[];
  readonly indexes: readonly IndexPlan[];
}

function columnType(field: Field): ColumnType {
  switch (field.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'real';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'datetime';
    case 'list':
    case 'object':
    case 'map':
    case 'file':
    case 'files':
      return 'json';
    default:
      return 'text';
  }
}

function columnCheck(field: Field): ColumnCheck | undefined {
  const f = field as Field & { min?: number; max?: number; values?: readonly string[] };
  switch (field.type) {
    case 'enum':
    case 'state':
      return { values: f.values ?? [] };
    case 'text':
    case 'longText':
    case 'email': {
      const check = {
        ...(f.min !== undefined ? { minLength: f.min } : {}),
        ...(f.max !== undefined ? { maxLength: f.max } : {}),
      };
      return Object.keys(check).length > 0 ? check : undefined;
    }
    // A date is stored as its ten characters; which days exist, the validator knows.
    case 'date':
      return { minLength: 10, maxLength: 10 };
    case 'url':
      return { ...(f.min !== undefined ? { minLength: f.min } : {}), maxLength: f.max ?? URL_MAX };
    case 'integer':
    case 'number': {
      const check = {
        ...(f.min !== undefined ? { min: f.min } : {}),
        ...(f.max !== undefined ? { max: f.max } : {}),
      };
      return Object.keys(check).length > 0 ? check : undefined;
    }
    default:
      return undefined;
  }
}

function literalDefault(field: Field): string | number | boolean | undefined {
  const d = field.default;
  if (d === undefined || d === null || isExpr(d)) return undefined;
  if (Array.isArray(d) || typeof d === 'object') return JSON.stringify(d);
  return d as string | number | boolean;
}

const SYSTEM_COLUMNS: readonly ColumnPlan[] = [
  { name: 'id', type: 'text', notNull: true },
  { name: 'createdAt', type: 'datetime', notNull: true },
  { name: 'updatedAt', type: 'datetime', notNull: true },
  { name: 'version', type: 'integer', notNull: true },
];

/**
 * PostgreSQL cuts names at 63 bytes: a longer one is shortened with a hash of the whole, so
 * the name it stores is the name planned and two long names never collide.
 */
function indexNameOf(full: string): string {
  if (Buffer.byteLength(full) <= 63) return full;
  return `${full.slice(0, 50)}_${createHash('sha256').update(full).digest('hex').slice(0, 12)}`;
}

/**
 * The index that enforces one unique declaration: named after the entity, the declaration and
 * a hash of what it says, so a changed declaration is a new index (and the old one goes).
 * @example uniqueIndexName('appointments', app.entities.appointments!.unique[0]!) // 'ux_appointments_slot_1a2b3c4d'
 */
export function uniqueIndexName(entity: string, u: UniqueNode): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ fields: u.fields, where: u.where ?? null }))
    .digest('hex')
    .slice(0, 8);
  return indexNameOf(`ux_${entity}_${u.name}_${hash}`);
}

/** The table an entity is stored in, with its columns and indexes. */
export function entityTable(name: string, entity: App['entities'][string]): TablePlan {
  const columns: ColumnPlan[] = [...SYSTEM_COLUMNS];
  const indexes = new Map<string, IndexPlan>();
  const addIndex = (cols: readonly string[], unique = false) => {
    const indexName = indexNameOf(`ix_${name}_${cols.join('_')}${unique ? '_u' : ''}`);
    if (!indexes.has(indexName)) indexes.set(indexName, { name: indexName, columns: cols, unique });
  };
  for (const [fieldName, field] of Object.entries(entity.fields)) {
    const dflt = literalDefault(field);
    const check = columnCheck(field);
    columns.push({
      name: fieldName,
      type: columnType(field),
      // A file field is empty until an upload fills it, and one added to a table that already
      // has rows must not need a value for them (a many-files field reads NULL as none).
      notNull: !field.optional && !isFileField(field),
      ...(dflt !== undefined ? { default: dflt } : {}),
      ...(check ? { check } : {}),
    });
    if (field.unique) addIndex([fieldName], true);
    // A reference is looked up by deletes of what it points at and filtered on by lists; in
    // the default order (createdAt, id), so that filtered first page needs no sort either.
    else if (field.type === 'ref') addIndex([fieldName, 'createdAt', 'id']);
  }
  for (const u of entity.unique) {
    const indexName = uniqueIndexName(name, u);
    const where = u.where
      ? { where: { rule: u.where, ...(entity.states ? { stateField: entity.states.field } : {}) } }
      : {};
    indexes.set(indexName, {
      name: indexName,
      columns: u.fields,
      unique: true,
      ...where,
      constraint: u.name,
    });
  }
  for (const cols of entity.indexes) addIndex([...cols, 'id']);
  // Every sort a list takes, alone and after each equality key (states, `index: true`
  // fields, the caller's column of a read rule): the list's one source says which.
  for (const cols of listCapabilities(entity).indexes) addIndex(cols);
  return { name, columns, indexes: [...indexes.values()] };
}

/**
 * The whole schema of an app, system tables included.
 * @example const tables = planSchema(app); // [{ name: 'users', columns: [...], indexes: [...] }, ...]
 */
export function planSchema(app: App): TablePlan[] {
  return [...Object.entries(app.entities).map(([name, e]) => entityTable(name, e)), ...SYSTEM_TABLES];
}

/** Tables the platform itself keeps: sessions, credentials, the audit log, its own keys. */
export const SYSTEM_TABLES: readonly TablePlan[] = [
  {
    // Secrets every process of a deployment shares, made on first use (audit-cursor.ts).
    name: 'nf_keys',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'value', type: 'text', notNull: true },
    ],
    indexes: [],
  },
  {
    name: 'nf_sessions',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'expiresAt', type: 'datetime', notNull: true },
      { name: 'userAgent', type: 'text', notNull: false },
    ],
    indexes: [{ name: 'ix_nf_sessions_userId', columns: ['userId'], unique: false }],
  },
  {
    name: 'nf_credentials',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'passwordHash', type: 'text', notNull: true },
      { name: 'updatedAt', type: 'datetime', notNull: true },
    ],
    indexes: [],
  },
  {
    // One-time links (password reset, email verification and change): only their SHA-256.
    name: 'nf_tokens',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'purpose', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      // The address the link was sent to (the new one, for an email change).
      { name: 'email', type: 'text', notNull: true },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'expiresAt', type: 'datetime', notNull: true },
    ],
    indexes: [{ name: 'ix_nf_tokens_userId', columns: ['userId', 'purpose'], unique: false }],
  },
  {
    name: 'nf_invitations',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      { name: 'email', type: 'text', notNull: true },
      { name: 'role', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: false },
      { name: 'invitedBy', type: 'text', notNull: false },
      // The SHA-256 of the current link's token: a new link (a resend) replaces it.
      { name: 'tokenHash', type: 'text', notNull: false },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'expiresAt', type: 'datetime', notNull: true },
      { name: 'sentAt', type: 'datetime', notNull: false },
      // Whether this invitation made its account: only then may revoking it delete the account
      // (null on rows older than the column: treated as not).
      { name: 'createdAccount', type: 'boolean', notNull: false },
    ],
    indexes: [
      { name: 'ix_nf_invitations_email', columns: ['email'], unique: true },
      { name: 'ix_nf_invitations_tokenHash', columns: ['tokenHash'], unique: false },
    ],
  },
  {
    name: 'nf_api_keys',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      // The SHA-256 of the key: a leaked table opens nothing.
      { name: 'hash', type: 'text', notNull: true },
      { name: 'prefix', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      { name: 'role', type: 'text', notNull: true },
      { name: 'createdBy', type: 'text', notNull: true },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'expiresAt', type: 'datetime', notNull: false },
      { name: 'lastUsedAt', type: 'datetime', notNull: false },
    ],
    indexes: [
      { name: 'ix_nf_api_keys_hash', columns: ['hash'], unique: true },
      { name: 'ix_nf_api_keys_userId', columns: ['userId'], unique: false },
    ],
  },
  {
    // Mail to send: committed with the write that asked for it, so none is lost; bodies are
    // rendered at sending time and never stored (their links are secrets).
    name: 'nf_mail',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'message', type: 'text', notNull: true },
      { name: 'to', type: 'text', notNull: true },
      { name: 'params', type: 'json', notNull: true },
      // What link the mail carries, issued when it is sent: {purpose, userId?, invitationId?, email?}.
      { name: 'link', type: 'json', notNull: false },
      { name: 'status', type: 'text', notNull: true },
      { name: 'subject', type: 'text', notNull: false },
      { name: 'attempts', type: 'integer', notNull: true },
      { name: 'nextAttemptAt', type: 'datetime', notNull: true },
      // A process sending it holds it until then; past it, another may take it over.
      { name: 'lockedUntil', type: 'datetime', notNull: false },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'sentAt', type: 'datetime', notNull: false },
      { name: 'error', type: 'text', notNull: false },
    ],
    indexes: [{ name: 'ix_nf_mail_due', columns: ['status', 'nextAttemptAt'], unique: false }],
  },
  {
    name: 'nf_audit',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'at', type: 'datetime', notNull: true },
      { name: 'actor', type: 'text', notNull: false },
      { name: 'actorRole', type: 'text', notNull: false },
      { name: 'entity', type: 'text', notNull: true },
      { name: 'recordId', type: 'text', notNull: true },
      { name: 'operation', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: false },
      { name: 'fromState', type: 'text', notNull: false },
      { name: 'toState', type: 'text', notNull: false },
      { name: 'changes', type: 'json', notNull: false },
    ],
    indexes: [
      { name: 'ix_nf_audit_record', columns: ['entity', 'recordId', 'id'], unique: false },
      { name: 'ix_nf_audit_actor', columns: ['actor', 'id'], unique: false },
      // The console's operation and date-range filters; ids are time-ordered, `at` is the
      // stored time a range is judged by.
      { name: 'ix_nf_audit_operation', columns: ['operation', 'id'], unique: false },
      { name: 'ix_nf_audit_at', columns: ['at'], unique: false },
    ],
  },
  ...AUTOMATION_TABLES,
  ...FILE_TABLES,
];
