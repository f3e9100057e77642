/**
 * A state machine drawn as SVG: states as boxes (the initial one entered from a start dot,
 * final ones with a double border), transitions as arrows labelled with their name and who
 * may run them. One image to assistive technology, named and described in words; the
 * transitions table beside it carries every detail as text.
 */

import type { EntityMeta } from '@ninefold/spec';
import { useId, useMemo } from 'react';
import { curvePath, type LaidOutState, layoutStates, type StateLayout, whoLine } from './state-layout';

export interface StateDiagramProps {
  readonly entityLabel: string;
  readonly machine: NonNullable<EntityMeta['states']>;
  roleLabel(role: string): string;
}

/** The diagram in one paragraph, for screen readers. */
function describe(layout: StateLayout): string {
  const states = layout.states
    .map((s) => `${s.label}${s.initial ? ' (initial)' : ''}${s.final ? ' (final)' : ''}`)
    .join(', ');
  const label = (id: string) => layout.states.find((s) => s.id === id)?.label ?? id;
  const moves = layout.edges
    .map(
      (e) =>
        `${e.label} from ${label(e.from)} to ${label(e.to)}, by ${e.roles.map((r) => r.label).join(' or ') || 'no one'}`,
    )
    .join('; ');
  return `${layout.states.length} states: ${states}. ${layout.edges.length} transitions: ${moves}.`;
}

function StateNode({ s }: { readonly s: LaidOutState }) {
  const x = s.x - s.width / 2;
  const y = s.y - s.height / 2;
  const cls = ['diagram-state', s.initial ? 'is-initial' : '', s.final ? 'is-final' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <g className={cls} data-state={s.id}>
      {s.description && <title>{`${s.label}: ${s.description}`}</title>}
      <rect x={x} y={y} width={s.width} height={s.height} rx={8} />
      {s.final && (
        <rect
          className="diagram-final-ring"
          x={x + 4}
          y={y + 4}
          width={s.width - 8}
          height={s.height - 8}
          rx={5}
        />
      )}
      <text x={s.x} y={s.y} dominantBaseline="central" textAnchor="middle">
        {s.label}
      </text>
    </g>
  );
}

/**
 * @example <StateDiagram entityLabel="Tickets" machine={meta.entities.tickets!.states!} roleLabel={(r) => r} />
 */
export function StateDiagram({ entityLabel, machine, roleLabel }: StateDiagramProps) {
  const id = useId();
  const layout = useMemo(() => layoutStates(machine, roleLabel), [machine, roleLabel]);
  const arrow = `${id}-arrow`;
  return (
    <svg
      className="admin-diagram"
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      // Scales down to its column, never up; on a phone it keeps a readable size and scrolls.
      style={{ width: '100%', height: 'auto', maxWidth: layout.width, minWidth: Math.min(640, layout.width) }}
    >
      <title id={`${id}-t`}>{`${entityLabel}: the ${machine.field} state machine`}</title>
      <desc id={`${id}-d`}>{describe(layout)}</desc>
      <defs>
        <marker
          id={arrow}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path className="diagram-arrow" d="M0,0L10,5L0,10z" />
        </marker>
      </defs>
      <g className="diagram-edges">
        <path className="diagram-edge" d={curvePath(layout.start.points)} markerEnd={`url(#${arrow})`} />
        {layout.edges.map((e) => (
          <path
            key={e.key}
            className="diagram-edge"
            data-transition={e.transition}
            d={curvePath(e.points)}
            markerEnd={`url(#${arrow})`}
          />
        ))}
      </g>
      <circle className="diagram-start" cx={layout.start.at.x} cy={layout.start.at.y} r={7} />
      <g className="diagram-labels">
        {layout.edges.map((e) => (
          <g key={e.key} className="diagram-edge-label">
            <rect
              x={e.labelAt.x - e.labelWidth / 2}
              y={e.labelAt.y - 17}
              width={e.labelWidth}
              height={34}
              rx={4}
            />
            <text x={e.labelAt.x} y={e.labelAt.y - 4} textAnchor="middle" className="diagram-edge-name">
              {e.label}
            </text>
            <text x={e.labelAt.x} y={e.labelAt.y + 11} textAnchor="middle" className="diagram-edge-who">
              {whoLine(e.roles)}
            </text>
          </g>
        ))}
      </g>
      <g className="diagram-states">
        {layout.states.map((s) => (
          <StateNode key={s.id} s={s} />
        ))}
      </g>
    </svg>
  );
}
