/**
 * How a card finds its column on the board: by where its middle is across the board (the
 * columns are side by side and of any height, so "closest centre" would pick a short
 * neighbour over a tall column), and, from the keyboard, a left or right arrow jumps to the
 * next column instead of nudging the card a few pixels.
 */
import {
  type ClientRect,
  type CollisionDetection,
  closestCenter,
  KeyboardCode,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';

/**
 * The column under the middle of the dragged card; the closest one when it is over none.
 * @example <DndContext collisionDetection={columnUnderCard} …>
 */
export const columnUnderCard: CollisionDetection = (args) => {
  const x = args.collisionRect.left + args.collisionRect.width / 2;
  const hit = args.droppableContainers.find((c) => {
    const rect = args.droppableRects.get(c.id);
    return rect !== undefined && x >= rect.left && x <= rect.right;
  });
  return hit ? [{ id: hit.id, data: { droppableContainer: hit, value: 0 } }] : closestCenter(args);
};

/**
 * Left and right arrows move the picked-up card to the previous or next column.
 * @example useSensor(KeyboardSensor, { coordinateGetter: columnByArrows })
 */
export const columnByArrows: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.entries()]
    .filter((entry): entry is [string | number, ClientRect] => entry[1] !== undefined)
    .sort((a, b) => a[1].left - b[1].left);
  const width = context.collisionRect?.width ?? 0;
  const x = currentCoordinates.x + width / 2;
  let current = columns.findIndex(([id]) => id === context.over?.id);
  if (current === -1) current = columns.findIndex(([, r]) => x >= r.left && x <= r.right);
  const target = columns[current + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (!target) return currentCoordinates;
  const [, rect] = target;
  return { x: rect.left + (rect.width - width) / 2, y: rect.top + 48 };
};
