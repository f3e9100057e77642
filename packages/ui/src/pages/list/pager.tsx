/**
 * Previous and next page of a keyset-paged list. The server gives only the next cursor, so
 * the cursors of pages already seen are kept here to go back; after a reload on a later
 * page, "Previous" goes back to the first.
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
 * @example <Pager hasPrevious={stack.length > 0} nextCursor={page.nextCursor} label="Page 1" … />
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
