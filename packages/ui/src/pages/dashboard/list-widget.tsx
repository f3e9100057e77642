/**
 * A list widget: a few records matching the widget's filter (a customer's open tickets,
 * the agents' queue), live, each linking to its page, with the state, the due time, and
 * actions on it ("Assign to me"), and how many match in all (the server's total) in the heading.
 */
import { recordTitle, titleRefs, type WidgetInput } from '@ninefold/spec';
import { useId } from 'react';
import { FieldValue } from '../../components/field-value';
import { RecordActionButton } from '../../components/record-action-button';
import { SkeletonLines } from '../../components/skeleton';
import { nf } from '../../data/ninefold';
import { useMeta } from '../../meta/meta-provider';
import { recordActions } from '../../permissions/record-abilities';
import { readableFields } from '../../permissions/role-view';
import { Link } from '../../router/link';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';
import { useWidgetWhere } from './widget-where';

type Row = { readonly id: string; readonly [field: string]: unknown };
type ListWidgetInput = Extract<WidgetInput, { kind: 'list' }>;

/**
 * @example <ListWidget widget={{ kind: 'list', title: 'The queue', entity: 'tickets', where: { status: 'new' } }} />
 */
export function ListWidget({ widget }: { readonly widget: ListWidgetInput }) {
  const meta = useMeta();
  const { role } = useSession();
  const headingId = useId();
  const name = widget.entity;
  const e = meta.entities[name]!;
  const limit = widget.limit ?? 8;
  const where = useWidgetWhere(widget.where);
  const expand = titleRefs(e);
  const list = nf.useList(name, {
    where: where as never,
    sort: widget.sort ?? '-createdAt',
    limit,
    count: true,
    // A title read through a reference (`book.title`) comes with the page.
    ...(expand.length > 0 ? { expand } : {}),
  } as never);
  const total = (list.data as { total?: number } | undefined)?.total;
  const items = list.data?.items as Row[] | undefined;
  const readable = readableFields(meta, role, name);
  const state = e.states?.field;
  const due = readable.find((f) => e.fields[f]?.type === 'datetime' && e.fields[f]?.computed !== undefined);
  const actions = recordActions(meta, role, name);
  const count =
    items === undefined ? '' : String(total ?? `${items.length}${list.data?.nextCursor ? '+' : ''}`);
  const listRoute = screenRoute(meta.screens, role, name, 'list');

  return (
    <section className="widget" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId}>
        {widget.title} <span className="count">{count}</span>
      </h2>
      {items === undefined ? (
        <SkeletonLines count={3} height={2.75} />
      ) : items.length === 0 ? (
        <p className="muted widget-empty">Nothing here right now.</p>
      ) : (
        <ul className="widget-list">
          {items.map((r) => {
            const to = screenRoute(meta.screens, role, name, 'detail', { id: r.id });
            // A field the role may not read is not in the record: the title falls back to a short id.
            const label = recordTitle(e, r);
            return (
              <li key={r.id}>
                <div className="widget-item-main">
                  {to ? <Link to={to}>{label}</Link> : label}
                  <span className="widget-item-meta">
                    {state && (
                      <FieldValue entity={name} field={state} value={r[state]} record={r} context="card" />
                    )}
                    {due && <FieldValue entity={name} field={due} value={r[due]} record={r} context="card" />}
                  </span>
                </div>
                {actions.map((a) => (
                  <RecordActionButton key={a.name} entity={name} id={r.id} action={a} label={label} />
                ))}
              </li>
            );
          })}
        </ul>
      )}
      {listRoute && items && items.length > 0 && (
        <p className="widget-more">
          <Link to={listRoute}>All {e.label.toLowerCase()}</Link>
        </p>
      )}
    </section>
  );
}
