/**
 * A dashboard widget's room while its code loads: the same frame and heading as the widget,
 * so the dashboard does not jump when it arrives.
 */
import { SkeletonLines, type WidgetProps } from '@ninefold/ui';
import { useId } from 'react';

/**
 * @example lazySlot(() => import('./sla-at-risk-widget').then((m) => m.SlaAtRiskWidget), WidgetPlaceholder)
 */
export function WidgetPlaceholder({ widget }: WidgetProps) {
  const headingId = useId();
  return (
    <section className="widget" aria-labelledby={headingId} aria-busy="true">
      <h2 id={headingId}>{widget.title}</h2>
      <SkeletonLines count={3} height={2.75} />
    </section>
  );
}
