/**
 * Page by page through a cursor-paginated list: the cursors of the pages seen so far are
 * kept, so "Previous" goes back without the server needing backward cursors.
 */
import { useCallback, useState } from 'react';

export interface PagerState {
  /** The cursor of the page to show (null: the first). */
  readonly cursor: string | null;
  /** 1-based. */
  readonly page: number;
  next(cursor: string): void;
  previous(): void;
  reset(): void;
}

/**
 * @example const pager = usePager(); nf.useList('users', { cursor: pager.cursor }); pager.next(data.nextCursor)
 */
export function usePager(): PagerState {
  const [stack, setStack] = useState<readonly (string | null)[]>([null]);
  const next = useCallback((cursor: string) => setStack((s) => [...s, cursor]), []);
  const previous = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(() => setStack([null]), []);
  return { cursor: stack.at(-1) ?? null, page: stack.length, next, previous, reset };
}

export interface PagerControlsProps {
  readonly pager: PagerState;
  readonly nextCursor: string | null | undefined;
  /** No page yet: the table shows its loading row, and this row appears with the data. */
  readonly pending: boolean;
  /** Another page is on its way (the current one stays on screen meanwhile). */
  readonly fetching: boolean;
  /** What is shown, e.g. "12 users". */
  readonly summary: string;
}

/**
 * The page's summary (announced politely) and Previous/Next. The row keeps its height
 * whatever it shows, so the table above does not jump.
 * @example <PagerControls pager={pager} nextCursor={q.data?.nextCursor} pending={q.isPending} fetching={q.isFetching} summary="5 users" />
 */
export function PagerControls({ pager, nextCursor, pending, fetching, summary }: PagerControlsProps) {
  if (pending) return null;
  const single = pager.page === 1 && !nextCursor;
  return (
    <div className="admin-list-footer">
      <p className="admin-status" role="status">
        {single ? `${summary}.` : `Page ${pager.page}: ${summary}.`}
      </p>
      {/* One page only: no buttons to offer (the row keeps its height either way). */}
      {!single && (
        <>
          <button
            type="button"
            className="secondary"
            onClick={pager.previous}
            disabled={pager.page === 1 || fetching}
          >
            Previous page
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => nextCursor && pager.next(nextCursor)}
            disabled={!nextCursor || fetching}
          >
            Next page
          </button>
        </>
      )}
    </div>
  );
}
