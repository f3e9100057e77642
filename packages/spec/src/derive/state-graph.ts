/**
 * An entity's state machine as a graph to draw: one node per state, one edge per transition
 * and state it leaves from.
 */
import type { App } from '../app/define-app';
import { ruleToText } from './rule-text';

export interface StateGraphNode {
  readonly id: string;
  readonly label: string;
  readonly final: boolean;
  readonly initial: boolean;
  readonly description?: string;
}

export interface StateGraphEdge {
  readonly transition: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
  /** Per role that may run it, the rule in words. */
  readonly who: { readonly [role: string]: string };
}

export interface StateGraph {
  readonly field: string;
  readonly initial: string;
  readonly nodes: readonly StateGraphNode[];
  readonly edges: readonly StateGraphEdge[];
}

/**
 * The state graph of an entity, or undefined when it has no states.
 * @example
 * const g = stateGraph(app, 'tickets');
 * g?.edges.filter((e) => e.transition === 'resolve').map((e) => e.from) // ['open', 'pending']
 */
export function stateGraph(app: App, entity: string): StateGraph | undefined {
  const machine = app.entities[entity]?.states;
  if (!machine) return undefined;
  const nodes = Object.entries(machine.states).map(([id, st]) => ({
    id,
    label: st.label,
    final: st.final,
    initial: id === machine.initial,
    ...(st.description ? { description: st.description } : {}),
  }));
  const edges = Object.values(machine.transitions).flatMap((t) => {
    const who = Object.fromEntries(
      Object.entries(t.who).map(([role, rule]) => [role, ruleToText(rule, { app, entity })]),
    );
    return t.from.map((from) => ({ transition: t.name, label: t.label, from, to: t.to, who }));
  });
  return { field: machine.field, initial: machine.initial, nodes, edges };
}
