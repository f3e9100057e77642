/**
 * A `board` screen: one column per state; moving a card runs the transition between the
 * two states — by dragging it (pointer or keyboard: Space, arrows, Space) or from its menu.
 * A transition that needs input, or that cannot be undone, asks in a dialog first. Moves
 * the caller may not make are refused before the server is asked, with a toast saying so.
 */
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { recordTitle } from '@ninefold/spec';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { keepFocus } from '../../components/keep-focus';
import { PageHeader } from '../../components/page-header';
import { useMeta } from '../../meta/meta-provider';
import { type NamedTransition, recordTransitions, transitionTo } from '../../permissions/record-abilities';
import { tableColumns } from '../../permissions/role-view';
import type { PageProps } from '../../registry/ui-registry';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';
import { needsDialog, TransitionDialog } from '../../transitions/transition-dialog';
import { useRunTransition } from '../../transitions/use-run-transition';
import { boardAnnouncements } from './board-announcements';
import type { CardRecord } from './board-card';
import { BoardColumn } from './board-column';
import { columnByArrows, columnUnderCard } from './board-geometry';
import '../../styles/board.css';

/** A card's few fields: the first choice, reference and date of the list's columns. */
function cardFields(
  e: { fields: Record<string, { type: string }> },
  columns: readonly string[],
  title: string,
): string[] {
  const first = (types: readonly string[]) =>
    columns.find((c) => c !== title && types.includes(e.fields[c]?.type ?? ''));
  const picked = [first(['enum']), first(['ref']), first(['datetime'])];
  return columns.filter((c) => picked.includes(c));
}

type Pending = ReadonlyMap<string, { readonly record: CardRecord; readonly to: string }>;

/**
 * @example <BoardPage name="board" screen={meta.screens.board!} params={{}} />
 */
export function BoardPage(page: PageProps) {
  const name = page.screen.entity ?? '';
  const meta = useMeta();
  const { role, user } = useSession();
  const e = meta.entities[name]!;
  const machine = e.states;
  const caller = { role, user: user ?? null };
  const [pending, setPending] = useState<Pending>(new Map());
  const [asking, setAsking] = useState<{ record: CardRecord; t: NamedTransition } | null>(null);
  const { run } = useRunTransition(name);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByArrows }),
  );
  const titleField = e.title ?? 'id';
  const titleOf = useCallback(
    (r: { readonly id: string; readonly [f: string]: unknown }) => recordTitle(e, r),
    [e],
  );

  const move = useCallback(
    async (record: CardRecord, t: NamedTransition, input?: Record<string, unknown>) => {
      setPending((p) =>
        new Map(p).set(record.id, { record: { ...record, [machine?.field ?? 'status']: t.to }, to: t.to }),
      );
      // On the version on the card: a change not drawn yet is refused (412), not run over.
      await run(record.id, t, input, { version: record.version });
      setPending((p) => {
        const next = new Map(p);
        next.delete(record.id);
        return next;
      });
      // The card was drawn afresh in its new column: keep the keyboard on it.
      keepFocus(`[data-card="${record.id}"] .drag-handle`);
    },
    [run, machine?.field],
  );

  const start = useCallback(
    (record: CardRecord, t: NamedTransition) =>
      needsDialog(e, t) ? setAsking({ record, t }) : void move(record, t),
    [e, move],
  );

  const onDragEnd = (event: DragEndEvent) => {
    const record = event.active.data.current?.record as CardRecord | undefined;
    const to = event.over?.id;
    if (!record || to === undefined || !machine) return;
    const from = String(record[machine.field]);
    if (String(to) === from) return;
    const t = transitionTo(meta, name, record, String(to), caller);
    if (!t) {
      const label = (s: string) => machine.states[s]?.label ?? s;
      toast.error(`“${titleOf(record)}” cannot move from ${label(from)} to ${label(String(to))}.`);
      return;
    }
    start(record, t);
  };

  if (!machine) return <PageHeader page={page} lede="This entity has no states to arrange." />;
  const states = Object.keys(machine.states);
  const fields = cardFields(e, tableColumns(meta, role, name), titleField);

  return (
    <div className="board-page">
      <PageHeader
        page={page}
        lede="Drag a card to another column, or use its ⋯ menu. With a keyboard: focus a card's handle, press Space, use the arrow keys, and press Space again."
      />
      <DndContext
        sensors={sensors}
        collisionDetection={columnUnderCard}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: boardAnnouncements(machine.states, titleOf) }}
      >
        <div className="board" style={{ ['--columns' as string]: states.length }}>
          {states.map((s) => (
            <BoardColumn
              key={s}
              entityName={name}
              entity={e}
              state={s}
              sort={page.screen.sort ?? '-createdAt'}
              limit={machine.states[s]?.final ? 10 : 50}
              pending={pending}
              cardFields={fields}
              titleOf={titleOf}
              linkOf={(r) => screenRoute(meta.screens, role, name, 'detail', { id: r.id })}
              transitionsOf={(r) => recordTransitions(meta, name, r, caller)}
              onMove={start}
            />
          ))}
        </div>
      </DndContext>
      {asking && (
        <TransitionDialog
          entity={name}
          record={asking.record}
          recordTitle={titleOf(asking.record)}
          transition={asking.t}
          returnFocus={`[data-card="${asking.record.id}"] .drag-handle`}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
