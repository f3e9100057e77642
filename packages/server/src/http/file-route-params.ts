/**
 * The ids in a file route's path: a record's and a file's are UUIDs, and anything else names
 * nothing there (404), as the entity routes read a record id.
 */
import { AppError } from '../core/app-error';
import { isUuid } from '../core/uuid7';

/**
 * The id, lower-cased, or NOT_FOUND.
 * @example fileRouteId('0193A…') // '0193a…'
 */
export function fileRouteId(id: string): string {
  const lower = id.toLowerCase();
  if (!isUuid(lower)) throw new AppError('NOT_FOUND');
  return lower;
}
