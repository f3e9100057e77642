/**
 * A chart widget: an action's counts (ticketStats: by status, by priority) as bar charts.
 * The charting library loads with this widget only, never with the first page; the same
 * numbers are in a table for screen readers. Live through the entity it counts.
 */
import type { WidgetInput } from '@ninefold/spec';
import { lazy, Suspense, useId } from 'react';
import { ProblemAlert } from '../../components/problem-alert';
import { nf } from '../../data/ninefold';
import { useMeta } from '../../meta/meta-provider';
import { chartSeries } from './chart-series';

const StatsChart = lazy(() => import('./stats-chart').then((m) => ({ default: m.StatsChart })));

/**
 * @example <ChartWidget widget={{ kind: 'chart', title: 'By status', action: 'ticketStats', series: ['byStatus'] }} entity="tickets" />
 */
export function ChartWidget({
  widget,
  entity,
}: {
  readonly widget: Extract<WidgetInput, { kind: 'chart' }>;
  /** The entity the action counts, whose changes refresh the chart. */
  readonly entity: string | undefined;
}) {
  const meta = useMeta();
  const headingId = useId();
  const stats = nf.useActionQuery(widget.action, {}, entity ? { live: entity } : {});
  const series = stats.data
    ? chartSeries(meta, entity, widget.series, stats.data as Record<string, unknown>)
    : [];
  return (
    <section className="widget widget-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{widget.title}</h2>
      {stats.isError && <ProblemAlert error={stats.error} />}
      <div className="chart-area">
        {stats.isPending ? (
          <div className="skeleton chart-skeleton" aria-hidden="true" />
        ) : (
          <Suspense fallback={<div className="skeleton chart-skeleton" aria-hidden="true" />}>
            <StatsChart series={series} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
