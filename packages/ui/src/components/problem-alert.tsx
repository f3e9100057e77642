/**
 * A failed call in words: the catalogue message, and any failing fields that have no input
 * of their own on the page. Announced at once (role="alert").
 */
import { problemMessage } from '../feedback/problem-message';
import type { Issue } from '../forms/form-values';
import { useMeta } from '../meta/meta-provider';

export interface ProblemAlertProps {
  readonly error: unknown;
  /** Field issues not shown beside an input. */
  readonly issues?: readonly Issue[];
}

/**
 * @example <ProblemAlert error={error} issues={other} />
 */
export function ProblemAlert({ error, issues = [] }: ProblemAlertProps) {
  const meta = useMeta();
  return (
    <div className="alert" role="alert">
      <p>{problemMessage(error, meta.errors)}</p>
      {issues.length > 0 && (
        <ul>
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
