/**
 * Whether the caller may change a file field of a record (upload into it, remove from it):
 * the record's `$can.update` when the page has it (single records), else the role's update
 * grant judged on the record by the spec's evaluator (rows of a list, such as a ticket's
 * comments). A guess that only decides what is offered: the server judges each upload.
 */
import type { ClientMeta } from '@ninefold/spec';
import type { Caller } from '../permissions/record-abilities';
import { ruleOnRecord } from '../permissions/record-rule';
import { permissionCell } from '../permissions/role-view';

/**
 * @example mayWriteField(meta, 'comments', comment, 'attachments', { role: 'customer', user }) // true for its author
 */
export function mayWriteField(
  meta: ClientMeta,
  entity: string,
  record: { readonly [field: string]: unknown },
  field: string,
  caller: Caller,
): boolean {
  const can = record.$can as { update?: readonly string[] } | undefined;
  if (can?.update) return can.update.includes(field);
  const cell = permissionCell(meta, caller.role, entity, 'update');
  if (!cell || cell.allowed === 'never') return false;
  if (cell.fields && !cell.fields.includes(field)) return false;
  if (cell.allowed === 'always') return true;
  const stateField = meta.entities[entity]?.states?.field;
  const ctx = { ...caller, record, stateField };
  // A rule the page cannot decide is "maybe": offered, and the server has the last word.
  return cell.rules.some((r) => ruleOnRecord(r, ctx) !== false);
}
