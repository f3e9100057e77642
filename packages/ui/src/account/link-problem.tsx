/**
 * What a page opened from a mailed link says when the link cannot be used: missing from the
 * address, or refused by the server (used, expired, or not a link of ours: INVALID_TOKEN), with
 * the way to a new one.
 */
import type { ReactNode } from 'react';
import { ProblemAlert } from '../components/problem-alert';
import { problemCode } from '../feedback/problem-message';
import type { Issue } from '../forms/form-values';

/**
 * True when the failure is the link's own (so asking again is the way on).
 * @example isLinkRefused(e) // true for a 400 INVALID_TOKEN
 */
export function isLinkRefused(error: unknown): boolean {
  return problemCode(error) === 'INVALID_TOKEN';
}

/**
 * @example <LinkProblem error={problem} again={<Link to="/forgot-password">Ask for a new link</Link>} />
 */
export function LinkProblem({
  error,
  issues,
  again,
}: {
  readonly error: unknown;
  readonly issues?: readonly Issue[];
  /** Where a new link comes from. */
  readonly again: ReactNode;
}) {
  if (error === undefined) return null;
  return (
    <>
      <ProblemAlert error={error} {...(issues ? { issues } : {})} />
      {isLinkRefused(error) && <p>{again}</p>}
    </>
  );
}

/**
 * Said when the address has no `?token=` at all.
 * @example {token === '' && <NoToken again={…} />}
 */
export function NoToken({ again }: { readonly again: ReactNode }) {
  return (
    <div className="alert" role="alert">
      <p>
        This link is incomplete. Open the link from the mail again, or copy all of it into the address bar.
      </p>
      <p>{again}</p>
    </div>
  );
}
