/**
 * What a screen reader hears while a card is dragged: the card by its title and the columns
 * by their states' labels, not dnd-kit's internal ids.
 */
import type { Announcements } from '@dnd-kit/core';

/**
 * @example accessibility={{ announcements: boardAnnouncements(machine.states, titleOf) }}
 */
export function boardAnnouncements(
  states: { readonly [name: string]: { readonly label: string } },
  titleOf: (record: { readonly id: string; readonly [f: string]: unknown }) => string,
): Announcements {
  const card = (active: { data: { current?: Record<string, unknown> | undefined } }) => {
    const record = active.data.current?.record as { id: string } | undefined;
    return record ? `“${titleOf(record)}”` : 'The card';
  };
  const column = (id: string | number | undefined) =>
    id === undefined ? '' : (states[String(id)]?.label ?? String(id));
  return {
    onDragStart: ({ active }) =>
      `Picked up ${card(active)}. Use the left and right arrows to choose a column.`,
    onDragOver: ({ active, over }) =>
      over ? `${card(active)} is over ${column(over.id)}.` : `${card(active)} is over no column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${card(active)} dropped on ${column(over.id)}.`
        : `${card(active)} dropped; it stays where it was.`,
    onDragCancel: ({ active }) => `Moving ${card(active)} was cancelled; it stays where it was.`,
  };
}
