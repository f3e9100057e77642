/**
 * A record's state as a small labelled badge; the colour only repeats the words (each
 * state also has its label), so nothing depends on seeing colour. The initial state is
 * blue, final states grey, the states between take the next colours in order.
 */
import type { EntityMeta } from '@ninefold/spec';

const MIDDLE = ['active', 'waiting', 'done'] as const;

/**
 * The tone of a state: `new`, `final`, or one of the middle tones by its order.
 * @example stateTone(meta.entities.tickets!, 'pending') // 'waiting'
 */
export function stateTone(entity: EntityMeta, state: string): string {
  const machine = entity.states;
  if (!machine?.states[state]) return 'neutral';
  if (state === machine.initial) return 'new';
  if (machine.states[state].final) return 'final';
  const middle = Object.keys(machine.states).filter(
    (s) => s !== machine.initial && !machine.states[s]?.final,
  );
  return MIDDLE[middle.indexOf(state) % MIDDLE.length] ?? 'active';
}

/**
 * @example <StateBadge entity={meta.entities.tickets!} state="open" />
 */
export function StateBadge({ entity, state }: { readonly entity: EntityMeta; readonly state: string }) {
  return (
    <span className={`badge badge-${stateTone(entity, state)}`} data-state={state}>
      {entity.states?.states[state]?.label ?? state}
    </span>
  );
}
