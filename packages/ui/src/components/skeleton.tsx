/**
 * Placeholders of fixed size while something loads, so the page does not jump when it
 * arrives. Hidden from screen readers; the region around them says it is busy.
 */

/**
 * Grey lines of a given count and height (in rem).
 * @example <SkeletonLines count={3} height={1.25} />
 */
export function SkeletonLines({
  count,
  height = 1.25,
}: {
  readonly count: number;
  readonly height?: number;
}) {
  return (
    <div className="skeleton-lines" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
        <div key={i} className="skeleton" style={{ height: `${height}rem` }} />
      ))}
    </div>
  );
}

/**
 * A page on its way (code or data): a heading-sized bar and a block, with a status for
 * screen readers.
 * @example <Suspense fallback={<PageSkeleton />}>…</Suspense>
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className="skeleton skeleton-title" aria-hidden="true" />
      <SkeletonLines count={6} height={2.5} />
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    </div>
  );
}
