/**
 * The table of files: the ledger of every stored file (which record and field it belongs
 * to, whether its bytes are arriving, held, or going). Download links are signed with a key
 * of `nf_keys`, as the audit cursor is sealed with one.
 */
import type { TablePlan } from './schema-plan';

/**
 * The file tables (part of `SYSTEM_TABLES`).
 * @example FILE_TABLES.map((t) => t.name) // ['nf_files']
 */
export const FILE_TABLES: readonly TablePlan[] = [
  {
    // A row is written before a file's bytes are, and goes only after they have: so no
    // record ever names bytes that are not there, and bytes with no record are found from
    // here (`uploading` past its grace, or `removing`) and swept.
    name: 'nf_files',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'entity', type: 'text', notNull: true },
      { name: 'recordId', type: 'text', notNull: true },
      { name: 'field', type: 'text', notNull: true },
      // Where the bytes are in the store: made by the server, never from a client's name.
      { name: 'key', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: true },
      { name: 'size', type: 'integer', notNull: true },
      { name: 'type', type: 'text', notNull: true },
      // 'uploading' | 'ready' | 'removing'
      { name: 'status', type: 'text', notNull: true },
      // Who uploaded it, acting as which role: storage quotas count by these.
      { name: 'ownerId', type: 'text', notNull: false },
      { name: 'role', type: 'text', notNull: true },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'updatedAt', type: 'datetime', notNull: true },
    ],
    indexes: [
      { name: 'ix_nf_files_record', columns: ['entity', 'recordId'], unique: false },
      { name: 'ix_nf_files_status', columns: ['status', 'updatedAt'], unique: false },
      { name: 'ix_nf_files_owner', columns: ['ownerId', 'status'], unique: false },
    ],
  },
];
