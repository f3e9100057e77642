/**
 * One card on the board: the record's title (a link to it), a few of its fields, a handle
 * to drag it (pointer, or Space and the arrow keys) and a menu of where it can go.
 */
import { useDraggable } from '@dnd-kit/core';
import type { EntityMeta } from '@ninefold/spec';
import { FieldValue } from '../../components/field-value';
import type { NamedTransition } from '../../permissions/record-abilities';
import { Link } from '../../router/link';
import { MoveMenu } from './move-menu';

export type CardRecord = { readonly id: string; readonly version: number; readonly [field: string]: unknown };

export interface BoardCardProps {
  readonly entityName: string;
  readonly entity: EntityMeta;
  readonly record: CardRecord;
  readonly title: string;
  readonly fields: readonly string[];
  readonly link: string | undefined;
  readonly transitions: readonly NamedTransition[];
  readonly moving: boolean;
  onMove(t: NamedTransition): void;
}

/**
 * @example <BoardCard entityName="tickets" entity={e} record={t} title={t.subject} fields={['priority']} … />
 */
export function BoardCard(props: BoardCardProps) {
  const { entityName, entity, record, title, transitions } = props;
  const draggable = transitions.length > 0;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: record.id,
    data: { record },
    disabled: !draggable,
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const stateLabel = (s: string) => entity.states?.states[s]?.label ?? s;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`card${isDragging ? ' card-dragging' : ''}${props.moving ? ' card-moving' : ''}`}
      data-card={record.id}
    >
      <p className="card-title">{props.link ? <Link to={props.link}>{title}</Link> : title}</p>
      <dl className="card-fields">
        {props.fields.map((f) => (
          <div key={f}>
            <dt>{entity.fields[f]?.label ?? f}</dt>
            <dd>
              <FieldValue entity={entityName} field={f} value={record[f]} record={record} context="card" />
            </dd>
          </div>
        ))}
      </dl>
      {draggable && (
        <div className="card-tools">
          <button
            type="button"
            className="icon-button drag-handle"
            aria-label={`Drag “${title}”`}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
          <MoveMenu title={title} transitions={transitions} stateLabel={stateLabel} onPick={props.onMove} />
        </div>
      )}
    </li>
  );
}
