/**
 * Previous and next page of a keyset-paged list. The server gives only the next cursor; the
 * list keeps the cursors of the pages before in the URL (see list-query), so "Previous" goes
 * to the page before, even after a reload.
 */

export interface PagerProps {
  readonly hasPrevious: boolean;
  readonly nextCursor: string | null | undefined;
  readonly busy: boolean;
  /** E.g. "Page 2". */
  readonly label: string;
  onPrevious(): void;
  onNext(cursor: string): void;
}

/**
 * @example <Pager hasPrevious={state.page > 1} nextCursor={page.nextCursor} label="Page 2" … />
 */
export function Pager({ hasPrevious, nextCursor, busy, label, onPrevious, onNext }: PagerProps) {
  if (!hasPrevious && !nextCursor) return <div className="pager pager-empty" />;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="secondary small" disabled={!hasPrevious || busy} onClick={onPrevious}>
        Previous
      </button>
      <span className="pager-label" aria-live="polite">
        {label}
      </span>
      <button
        type="button"
        className="secondary small"
        disabled={!nextCursor || busy}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next
      </button>
    </nav>
  );
}
