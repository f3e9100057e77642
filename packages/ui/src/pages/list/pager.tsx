/**
 * Previous and next page of a keyset-paged list, and where the page sits among them all
 * ("26–50 of 1,234 · page 2 of 50") when the server counted them. The server gives only the
 * next cursor; the list keeps the cursors of the pages before in the URL (see list-query), so
 * "Previous" goes to the page before, even after a reload.
 */

export interface PagerProps {
  readonly hasPrevious: boolean;
  readonly nextCursor: string | null | undefined;
  readonly busy: boolean;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  /** Records on this page. */
  readonly shown: number | undefined;
  /** Every record that matches and the caller may read, when counted. */
  readonly total: number | undefined;
  /** The server stopped counting at its bound (a search or `contains`): `total` is "at least". */
  readonly totalIsLowerBound?: boolean | undefined;
  onPrevious(): void;
  onNext(cursor: string): void;
}

const NUMBER = new Intl.NumberFormat('en');

/**
 * Where a page sits in the list, in words; a bare page number when there is no total.
 * @example pagerText({ page: 2, pageSize: 25, shown: 25, total: 1234 }) // '26–50 of 1,234 · page 2 of 50'
 */
export function pagerText({
  page,
  pageSize,
  shown,
  total,
  totalIsLowerBound,
}: Pick<PagerProps, 'page' | 'pageSize' | 'shown' | 'total' | 'totalIsLowerBound'>): string {
  if (total === undefined || shown === undefined) return `Page ${page}`;
  if (total === 0 || shown === 0) return `0 of ${NUMBER.format(total)}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  // A bound, not a count: no page count can follow from it.
  if (totalIsLowerBound) return `${NUMBER.format(first)}–${NUMBER.format(last)} of ${NUMBER.format(total)}+`;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const range = `${NUMBER.format(first)}–${NUMBER.format(last)} of ${NUMBER.format(total)}`;
  return pages > 1 ? `${range} · page ${NUMBER.format(page)} of ${NUMBER.format(pages)}` : range;
}

/**
 * @example <Pager hasPrevious={state.page > 1} nextCursor={page.nextCursor} page={2} pageSize={25} shown={25} total={1234} … />
 */
export function Pager(props: PagerProps) {
  const { hasPrevious, nextCursor, busy, onPrevious, onNext } = props;
  const text = pagerText(props);
  if (!hasPrevious && !nextCursor) {
    return (
      <div className="pager pager-single">
        {props.total !== undefined && props.total > 0 && (
          <span className="pager-label" aria-live="polite">
            {text}
          </span>
        )}
      </div>
    );
  }
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="secondary small" disabled={!hasPrevious || busy} onClick={onPrevious}>
        Previous
      </button>
      <span className="pager-label" aria-live="polite">
        {text}
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
