/**
 * The keyboard's and the pointer's other way to move a card: a menu of the transitions the
 * caller may run on it, each naming where it goes ("Resolve → Resolved").
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { NamedTransition } from '../../permissions/record-abilities';

/**
 * @example <MoveMenu title={ticket.subject} transitions={ts} stateLabel={(s) => s} onPick={(t) => move(ticket, t)} />
 */
export function MoveMenu({
  title,
  transitions,
  stateLabel,
  onPick,
}: {
  readonly title: string;
  readonly transitions: readonly NamedTransition[];
  stateLabel(state: string): string;
  onPick(t: NamedTransition): void;
}) {
  if (transitions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="icon-button card-menu" aria-label={`Move “${title}”`}>
          <span aria-hidden="true">⋯</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">Move to</DropdownMenu.Label>
          {transitions.map((t) => (
            <DropdownMenu.Item key={t.name} className="menu-item" onSelect={() => onPick(t)}>
              {t.label} → {stateLabel(t.to)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
