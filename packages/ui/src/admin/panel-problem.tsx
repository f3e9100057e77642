/**
 * A failed load in a panel, in the catalogue's words; nothing when there is no failure.
 */
import { problemMessage } from '../api/api-error';
import { useMeta } from '../meta/meta-provider';

/**
 * @example <PanelProblem error={list.error} />
 */
export function PanelProblem({ error }: { readonly error: unknown }) {
  const meta = useMeta();
  if (error === undefined) return null;
  return (
    <div className="alert" role="alert">
      <p>{problemMessage(error, meta.errors)}</p>
    </div>
  );
}
