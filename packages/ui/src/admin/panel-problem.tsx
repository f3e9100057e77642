/**
 * A failed load in a panel, in the catalogue's words; nothing when there is no failure.
 */
import { problemMessage } from '../feedback/problem-message';
import { useMeta } from '../meta/meta-provider';

/**
 * @example <PanelProblem error={list.error} />
 */
export function PanelProblem({ error }: { readonly error: unknown }) {
  const meta = useMeta();
  // A query without a failure has `error: null`.
  if (error === undefined || error === null) return null;
  return (
    <div className="alert" role="alert">
      <p>{problemMessage(error, meta.errors)}</p>
    </div>
  );
}
