/**
 * One column of the board: the records in one state, live, as cards; a drop target while a
 * card is dragged. Cards on their way here (a move the server has not answered yet) show
 * here already; cards on their way out are gone already.
 */
import { useDroppable } from '@dnd-kit/core';
import type { EntityMeta } from '@ninefold/spec';
import { useId } from 'react';
import { SkeletonLines } from '../../components/skeleton';
import { nf } from '../../data/ninefold';
import type { NamedTransition } from '../../permissions/record-abilities';
import { BoardCard, type CardRecord } from './board-card';

export interface BoardColumnProps {
  readonly entityName: string;
  readonly entity: EntityMeta;
  readonly state: string;
  readonly sort: string;
  readonly limit: number;
  /** Moves in flight: record id → the record and the state it is going to. */
  readonly pending: ReadonlyMap<string, { readonly record: CardRecord; readonly to: string }>;
  readonly cardFields: readonly string[];
  readonly titleOf: (r: CardRecord) => string;
  readonly linkOf: (r: CardRecord) => string | undefined;
  readonly transitionsOf: (r: CardRecord) => NamedTransition[];
  onMove(record: CardRecord, t: NamedTransition): void;
}

/**
 * @example <BoardColumn entityName="tickets" entity={e} state="open" … />
 */
export function BoardColumn(props: BoardColumnProps) {
  const { entity, state, pending } = props;
  const stateField = entity.states?.field ?? 'status';
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: state });
  const list = nf.useList(props.entityName, {
    where: { [stateField]: state } as never,
    sort: props.sort,
    limit: props.limit,
  });
  const fetched = (list.data?.items ?? []) as CardRecord[];
  const arriving = [...pending.values()].filter((p) => p.to === state).map((p) => p.record);
  const cards = [...arriving, ...fetched.filter((r) => !pending.has(r.id))];
  const info = entity.states?.states[state];
  const count = list.data ? `${cards.length}${list.data.nextCursor ? '+' : ''}` : '';

  return (
    <section
      ref={setNodeRef}
      className={`board-column${isOver ? ' board-column-over' : ''}`}
      aria-labelledby={headingId}
      data-state={state}
    >
      <h2 id={headingId} className="board-column-title">
        {info?.label ?? state} <span className="count">{count}</span>
      </h2>
      {info?.description && <p className="muted board-column-note">{info.description}</p>}
      {list.isPending ? (
        <SkeletonLines count={2} height={5} />
      ) : cards.length === 0 ? (
        <p className="muted board-empty">No cards</p>
      ) : (
        <ul className="cards">
          {cards.map((r) => (
            <BoardCard
              key={r.id}
              entityName={props.entityName}
              entity={entity}
              record={r}
              title={props.titleOf(r)}
              fields={props.cardFields}
              link={props.linkOf(r)}
              transitions={props.transitionsOf(r)}
              moving={pending.has(r.id)}
              onMove={(t) => props.onMove(r, t)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
