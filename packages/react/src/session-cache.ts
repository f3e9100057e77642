/**
 * A change of session applied to the query cache: the user's entry is set, and every answer
 * read as someone else is dropped (another person, or none: those on screen start over) or
 * read again (the same person, now perhaps with another role). The meta is the same for
 * everyone and stays.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { keys } from './query-keys';

const KEEP: ReadonlySet<unknown> = new Set([keys.meta()[1], keys.me()[1]]);
const readAsCaller = (q: Query) => !KEEP.has(q.queryKey[1]);

/**
 * @example client.auth.onChange((user) => applySession(queryClient, user));
 */
export function applySession(qc: QueryClient, user: { readonly id: string } | null): void {
  const before = qc.getQueryData<{ id: string } | null>(keys.me());
  qc.setQueryData(keys.me(), user);
  if (user && before?.id === user.id) {
    void qc.invalidateQueries({ predicate: readAsCaller });
  } else {
    qc.removeQueries({ predicate: readAsCaller, type: 'inactive' });
    void qc.resetQueries({ predicate: readAsCaller, type: 'active' });
  }
}
