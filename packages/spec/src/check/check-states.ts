/**
 * State machines: the initial state and every transition's ends are states, every state can
 * be reached from the initial one, and nothing leaves a final state.
 */
import type { EntityNode, MachineNode } from '../app/entity';
import type { CheckContext } from './check-context';
import { which } from './describe-names';

/**
 * Checks the states and the shape of the transition graph of an entity's state machine
 * (the transitions' rules and inputs are checked by `checkTransitions`).
 * @example checkStates(ctx, 'tickets', app.entities.tickets!) // reports "transition 'triage' goes to 'opened', …"
 */
export function checkStates(ctx: CheckContext, name: string, entity: EntityNode): void {
  const machine = entity.states;
  if (!machine) return;
  const path = `entities.${name}.states`;
  const states = Object.keys(machine.states);
  const isState = (s: string) => states.includes(s);
  const notState = (s: string) => which(s, `a state of ${name}`, states, 'states');
  if (!isState(machine.initial)) {
    ctx.report(`${path}.initial`, `the initial state is ${notState(machine.initial)}`);
  }
  for (const t of Object.values(machine.transitions)) {
    const at = `${path}.transitions.${t.name}`;
    if (t.from.length === 0) ctx.report(`${at}.from`, `transition '${t.name}' starts from no state`);
    for (const s of t.from) {
      if (!isState(s)) ctx.report(`${at}.from`, `transition '${t.name}' starts from ${notState(s)}`);
      else if (machine.states[s]?.final) {
        ctx.report(
          `${at}.from`,
          `transition '${t.name}' leaves '${s}', which is a final state: nothing may leave it`,
        );
      }
    }
    if (!isState(t.to)) ctx.report(`${at}.to`, `transition '${t.name}' goes to ${notState(t.to)}`);
  }
  if (!isState(machine.initial)) return;
  const reached = reachable(machine);
  for (const s of states) {
    if (!reached.has(s)) {
      ctx.report(
        `${path}.states.${s}`,
        `state '${s}' cannot be reached: no chain of transitions leads to it from the initial state '${machine.initial}'`,
      );
    }
  }
}

function reachable(machine: MachineNode): Set<string> {
  const reached = new Set([machine.initial]);
  const queue = [machine.initial];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const t of Object.values(machine.transitions)) {
      if (t.from.includes(state) && !reached.has(t.to)) {
        reached.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return reached;
}
