/**
 * A chart widget: bar charts of an entity's aggregate (tickets by status: one bar per status,
 * counted by the server over what the viewer may read), or of an action's counts
 * (ticketStats: by status, by priority). The charting library loads with this widget only,
 * never with the first page; the same numbers are in a table for screen readers. Live
 * through the entity it counts.
 */
import type { WidgetInput } from '@ninefold/spec';
import { lazy, Suspense, useId } from 'react';
import { ProblemAlert } from '../../components/problem-alert';
import { nf } from '../../data/ninefold';
import { useMeta } from '../../meta/meta-provider';
import { aggregateSeries, type ChartGroup, type ChartSeries, chartSeries } from './chart-series';
import { useWidgetWhere } from './widget-where';

const StatsChart = lazy(() => import('./stats-chart').then((m) => ({ default: m.StatsChart })));

type ChartInput = Extract<WidgetInput, { kind: 'chart' }>;
type AggregateInput = Extract<ChartInput, { groupBy: string }>;
type ActionInput = Exclude<ChartInput, AggregateInput>;

/**
 * @example <ChartWidget widget={{ kind: 'chart', title: 'By status', entity: 'tickets', groupBy: 'status' }} entity="tickets" />
 */
export function ChartWidget({
  widget,
  entity,
}: {
  readonly widget: ChartInput;
  /** The entity an action chart counts, whose changes refresh it. */
  readonly entity: string | undefined;
}) {
  return 'groupBy' in widget ? (
    <AggregateChart widget={widget} />
  ) : (
    <ActionChart widget={widget} entity={entity} />
  );
}

function AggregateChart({ widget }: { readonly widget: AggregateInput }) {
  const meta = useMeta();
  const fn = widget.fn ?? 'count';
  const where = useWidgetWhere(widget.where);
  const query = {
    groupBy: [widget.groupBy],
    ...(fn === 'count' ? { count: true } : { [fn]: [widget.field ?? ''] }),
    where,
  };
  const answer = nf.useAggregate(widget.entity, query as never);
  const groups = (answer.data as { groups?: readonly ChartGroup[] } | undefined)?.groups;
  const series = groups
    ? [aggregateSeries(meta, widget.entity, widget.groupBy, fn, widget.field, groups)]
    : [];
  return <ChartFrame title={widget.title} series={series} pending={answer.isPending} error={answer.error} />;
}

function ActionChart({
  widget,
  entity,
}: {
  readonly widget: ActionInput;
  readonly entity: string | undefined;
}) {
  const meta = useMeta();
  const stats = nf.useActionQuery(widget.action, {}, entity ? { live: entity } : {});
  const series = stats.data
    ? chartSeries(meta, entity, widget.series, stats.data as Record<string, unknown>)
    : [];
  return <ChartFrame title={widget.title} series={series} pending={stats.isPending} error={stats.error} />;
}

function ChartFrame({
  title,
  series,
  pending,
  error,
}: {
  readonly title: string;
  readonly series: readonly ChartSeries[];
  readonly pending: boolean;
  readonly error: unknown;
}) {
  const headingId = useId();
  return (
    <section className="widget widget-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {error !== null && error !== undefined && <ProblemAlert error={error} />}
      <div className="chart-area">
        {pending ? (
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
