/**
 * An action's result, checked against the `output` it declares before it leaves the server.
 * The declaration is the contract the typed client and OpenAPI promise; a handler that
 * answers anything else — a field it does not declare (perhaps one the caller may not read,
 * picked up through `elevated`), a missing one, a value of the wrong type — has a bug.
 *
 * Refused, not stripped: stripping would hide the bug and still answer a result whose other
 * parts may be as wrong, and a value of the wrong type cannot be stripped at all. The caller
 * gets INTERNAL (the server logs which paths failed, never their values), and since the
 * check runs inside the action's transaction, the handler's writes are undone with it: an
 * INTERNAL answer means nothing happened, so a retry cannot do the work twice.
 */
import type { Fields } from '@ninefold/spec';
import { validateFields } from '@ninefold/spec';

/** A handler answered something its action does not declare; logged, answered as INTERNAL. */
export class ActionOutputError extends Error {
  constructor(
    readonly action: string,
    /** `path: code` per failing field; no values, which may be what must not leak. */
    readonly problems: readonly string[],
  ) {
    super(`action '${action}' answered outside its declared output: ${problems.join('; ')}`);
    this.name = 'ActionOutputError';
  }
}

/**
 * The result as declared — normalized by the same validator as every input — or a throw.
 * @example
 * const result = checkOutput('assignToMe', action.output, await action.handler(ctx));
 */
export function checkOutput(action: string, output: Fields, result: unknown): Record<string, unknown> {
  const checked = validateFields(output, result, { mode: 'input', labels: false });
  if (checked.ok) return checked.value;
  throw new ActionOutputError(
    action,
    checked.issues.map((i) => `${i.path || '(result)'}: ${i.code}`),
  );
}
