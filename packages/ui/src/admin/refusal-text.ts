/**
 * Why the server refused an admin's change, in words for a toast: a change made meanwhile
 * by someone else (If-Match), else the catalogue's message and each field's problem, a
 * broken cross-field rule spelled out from the meta.
 */

import type { MetaAnswer } from '@ninefold/client';
import { fieldProblems, problemCode, problemMessage } from '../feedback/problem-message';
import { ruleProblemText } from './rule-problem-text';

/**
 * @example toast.error('Not saved.', { description: refusalText(e, meta, 'users') })
 */
export function refusalText(error: unknown, meta: MetaAnswer, entity: string): string {
  if (problemCode(error) === 'VERSION_MISMATCH')
    return 'Someone changed this meanwhile. The list shows the change now: check it and try again.';
  const fields = fieldProblems(error).map((p) => ruleProblemText(meta.entities[entity], p));
  return [problemMessage(error, meta.errors), ...fields].join(' ');
}
