/**
 * Whether a write is hidden from a reader as a whole. History and realtime tell a reader of
 * an update or a transition only through the fields it changed; when every one of them is a
 * field the reader may not read, even the bare fact of the write (its time, how often) says
 * something about those fields — when an admin disabled an account, how often a doctor
 * wrote the notes reception may not see — so the reader is not told of it at all.
 *
 * The fields a reader may read are the projection REST answers the record with (`isReadable`
 * over `RecordScope.fieldsOn`: per record, the fields of the read grants that hold for it),
 * never a second notion of them.
 */
import { isReadable } from '../records/answer';

/**
 * True when the write changed at least one field and every field it changed is hidden from
 * a reader who may read `readable` (all fields when `undefined`). A write that changed
 * nothing the reader may not read is never hidden: it cannot tell them anything hidden.
 * @example
 * isHiddenChange(['disabled'], await scope.fieldsOn('users', user)) // true for an agent
 * isHiddenChange(['disabled', 'name'], await scope.fieldsOn('users', user)) // false
 */
export function isHiddenChange(
  changed: readonly string[],
  readable: ReadonlySet<string> | undefined,
): boolean {
  if (!readable || changed.length === 0) return false;
  for (const field of changed) if (isReadable(readable, field)) return false;
  return true;
}
