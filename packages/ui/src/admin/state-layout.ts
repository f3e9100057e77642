/**
 * An entity's state machine laid out for drawing: dagre places the states (left to right,
 * in the order transitions lead) and routes one edge per transition and state it leaves
 * from, with room for each edge's label. Pure: numbers in, numbers out.
 */
import dagre from '@dagrejs/dagre';
import type { EntityMeta } from '@ninefold/spec';

type Machine = NonNullable<EntityMeta['states']>;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface LaidOutState extends Point {
  readonly id: string;
  readonly label: string;
  readonly initial: boolean;
  readonly final: boolean;
  readonly description?: string;
  readonly width: number;
  readonly height: number;
}

/** Who may run a transition: a role, and whether only under a condition. */
export interface EdgeRole {
  readonly role: string;
  readonly label: string;
  readonly conditional: boolean;
  /** The rule in words. */
  readonly text: string;
}

export interface LaidOutEdge {
  readonly key: string;
  readonly transition: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
  readonly roles: readonly EdgeRole[];
  readonly points: readonly Point[];
  /** The centre of the label box. */
  readonly labelAt: Point;
  readonly labelWidth: number;
}

export interface StateLayout {
  readonly width: number;
  readonly height: number;
  readonly states: readonly LaidOutState[];
  readonly edges: readonly LaidOutEdge[];
  /** Where the start marker sits, with the arrow from it into the initial state. */
  readonly start: { readonly at: Point; readonly points: readonly Point[] };
}

// Text is measured by estimate: the layout must be known before the first paint (no jump),
// and the labels are short. Generous per-character widths keep text inside its box.
const NODE_CHAR = 8.2;
const EDGE_CHAR = 7;
const NODE_HEIGHT = 40;
const EDGE_LINE = 15;
export const START_ID = '\u0000start';

const round = (n: number) => Math.round(n * 10) / 10;

/** The second line of an edge label: who may run it, a star for "only under a condition". */
export function whoLine(roles: readonly EdgeRole[]): string {
  return roles.map((r) => `${r.label}${r.conditional ? '*' : ''}`).join(', ');
}

/**
 * @example
 * const layout = layoutStates(meta.entities.tickets!.states!, (r) => meta.roles[r]?.label ?? r);
 * layout.states.length // 6
 */
export function layoutStates(machine: Machine, roleLabel: (role: string) => string): StateLayout {
  const g = new dagre.graphlib.Graph({ directed: true, multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 44, edgesep: 14, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));

  g.setNode(START_ID, { width: 14, height: 14 });
  for (const [id, st] of Object.entries(machine.states)) {
    g.setNode(id, { width: Math.max(88, Math.ceil(st.label.length * NODE_CHAR) + 32), height: NODE_HEIGHT });
  }
  g.setEdge(START_ID, machine.initial, { width: 0, height: 0 }, 'start');

  const meta = new Map<string, Omit<LaidOutEdge, 'points' | 'labelAt'>>();
  for (const [name, t] of Object.entries(machine.transitions)) {
    const roles = Object.entries(t.who).map(([role, rule]) => ({
      role,
      label: roleLabel(role),
      conditional: rule.text !== 'always',
      text: rule.text,
    }));
    const width = Math.ceil(Math.max(t.label.length, whoLine(roles).length) * EDGE_CHAR) + 12;
    for (const from of t.from) {
      const key = `${name}:${from}`;
      meta.set(key, { key, transition: name, label: t.label, from, to: t.to, roles, labelWidth: width });
      g.setEdge(from, t.to, { width, height: EDGE_LINE * 2 + 6, labelpos: 'c' }, key);
    }
  }

  dagre.layout(g);

  const states = Object.entries(machine.states).map(([id, st]): LaidOutState => {
    const n = g.node(id);
    return {
      id,
      label: st.label,
      initial: id === machine.initial,
      final: st.final,
      ...(st.description ? { description: st.description } : {}),
      x: round(n.x),
      y: round(n.y),
      width: n.width,
      height: n.height,
    };
  });
  const edges = [...meta.values()].map((m): LaidOutEdge => {
    const e = g.edge({ v: m.from, w: m.to, name: m.key });
    return {
      ...m,
      points: e.points.map((p) => ({ x: round(p.x), y: round(p.y) })),
      labelAt: { x: round(Number(e.x)), y: round(Number(e.y)) },
    };
  });
  const startNode = g.node(START_ID);
  const startEdge = g.edge({ v: START_ID, w: machine.initial, name: 'start' });
  const graph = g.graph();
  return {
    width: Math.ceil(graph.width ?? 0),
    height: Math.ceil(graph.height ?? 0),
    states,
    edges,
    start: {
      at: { x: round(startNode.x), y: round(startNode.y) },
      points: startEdge.points.map((p) => ({ x: round(p.x), y: round(p.y) })),
    },
  };
}

/**
 * A smooth path through the points (a uniform B-spline, as d3's curveBasis draws it),
 * starting and ending exactly on the first and last point.
 * @example curvePath([{ x: 0, y: 0 }, { x: 10, y: 0 }]) // 'M0,0L10,0'
 */
export function curvePath(points: readonly Point[]): string {
  const [first, second] = points;
  if (!first) return '';
  if (!second || points.length < 3) return `M${points.map((p) => `${p.x},${p.y}`).join('L')}`;
  const f = (n: number) => String(round(n));
  let [x0, y0, x1, y1] = [first.x, first.y, second.x, second.y];
  let d = `M${f(x0)},${f(y0)}L${f((5 * x0 + x1) / 6)},${f((5 * y0 + y1) / 6)}`;
  const curve = (x: number, y: number) => {
    d += `C${f((2 * x0 + x1) / 3)},${f((2 * y0 + y1) / 3)} ${f((x0 + 2 * x1) / 3)},${f((y0 + 2 * y1) / 3)} ${f((x0 + 4 * x1 + x) / 6)},${f((y0 + 4 * y1 + y) / 6)}`;
    [x0, y0, x1, y1] = [x1, y1, x, y];
  };
  for (const p of points.slice(2)) curve(p.x, p.y);
  curve(x1, y1);
  return `${d}L${f(x1)},${f(y1)}`;
}
