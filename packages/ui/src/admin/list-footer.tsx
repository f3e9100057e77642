/**
 * Under a paged table: how many rows are shown (announced politely), and the button for
 * the next page. Its height never changes, so the page does not jump when loading ends.
 */

export interface ListFooterProps {
  readonly count: number;
  /** Singular and plural. */
  readonly noun: readonly [string, string];
  readonly loading: boolean;
  readonly more: boolean;
  onMore(): void;
  /** The button's words (default "Show more"). */
  readonly moreLabel?: string;
}

/**
 * @example <ListFooter count={3} noun={['user', 'users']} loading={false} more onMore={loadMore} />
 */
export function ListFooter({ count, noun, loading, more, onMore, moreLabel = 'Show more' }: ListFooterProps) {
  // The first page is still coming: the table says so, and the footer appears with the rows.
  if (loading && count === 0) return null;
  return (
    <div className="admin-list-footer">
      <p className="admin-status" role="status">
        {loading
          ? 'Loading…'
          : count === 0
            ? `No ${noun[1]}.`
            : `Showing ${count} ${count === 1 ? noun[0] : noun[1]}.`}
      </p>
      {more && (
        <button type="button" className="secondary" onClick={onMore} disabled={loading}>
          {moreLabel}
        </button>
      )}
    </div>
  );
}
