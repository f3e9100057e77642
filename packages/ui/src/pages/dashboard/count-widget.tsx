/**
 * A count widget: how many records match the widget's filter that the viewer may read — the
 * server's total (`count=true`) over a one-record page — live.
 */
import type { WidgetInput } from '@ninefold/spec';
import { useId } from 'react';
import { nf } from '../../data/ninefold';
import { useWidgetWhere } from './widget-where';

const NUMBER = new Intl.NumberFormat('en');

/**
 * @example <CountWidget widget={{ kind: 'count', title: 'Open tickets', entity: 'tickets', where: { status: 'open' } }} />
 */
export function CountWidget({ widget }: { readonly widget: Extract<WidgetInput, { kind: 'count' }> }) {
  const headingId = useId();
  const where = useWidgetWhere(widget.where);
  const list = nf.useList(widget.entity, { where: where as never, limit: 1, count: true } as never);
  const total = (list.data as { total?: number } | undefined)?.total;
  return (
    <section className="widget widget-count" aria-labelledby={headingId} aria-busy={list.isPending}>
      <h2 id={headingId}>{widget.title}</h2>
      <p className="big-number">
        {list.isPending ? (
          <span className="skeleton skeleton-number" />
        ) : total === undefined ? (
          ''
        ) : (
          NUMBER.format(total)
        )}
      </p>
    </section>
  );
}
