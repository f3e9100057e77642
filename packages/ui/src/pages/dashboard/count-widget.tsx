/**
 * A count widget: how many records match the widget's filter, live. The list endpoint has
 * no count, so it counts one page of the largest size and says "100+" beyond it.
 */
import type { WidgetInput } from '@ninefold/spec';
import { useId } from 'react';
import { nf } from '../../data/ninefold';
import { useMeta } from '../../meta/meta-provider';
import { widgetWhere } from './widget-where';

/**
 * @example <CountWidget widget={{ kind: 'count', title: 'Open tickets', entity: 'tickets', where: { status: 'open' } }} />
 */
export function CountWidget({ widget }: { readonly widget: Extract<WidgetInput, { kind: 'count' }> }) {
  const meta = useMeta();
  const headingId = useId();
  const list = nf.useList(widget.entity, {
    where: widgetWhere(widget.where) as never,
    limit: meta.limits.pageSize.max,
  });
  const n = list.data ? `${list.data.items.length}${list.data.nextCursor ? '+' : ''}` : '';
  return (
    <section className="widget widget-count" aria-labelledby={headingId} aria-busy={list.isPending}>
      <h2 id={headingId}>{widget.title}</h2>
      <p className="big-number">{list.isPending ? <span className="skeleton skeleton-number" /> : n}</p>
    </section>
  );
}
