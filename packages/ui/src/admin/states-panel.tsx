/**
 * Every state machine of the app: drawn (laid out by dagre), with a legend, and as a table.
 */
import { useCallback } from 'react';
import { useMeta } from '../meta/meta-provider';
import { ScrollBox } from './scroll-box';
import { StateDiagram } from './state-diagram';
import { TransitionsTable } from './transitions-table';

/**
 * @example <StatesPanel />
 */
export function StatesPanel() {
  const meta = useMeta();
  const roleLabel = useCallback((role: string) => meta.roles[role]?.label ?? role, [meta]);
  const machines = Object.entries(meta.entities).flatMap(([name, e]) =>
    e.states ? [{ name, label: e.label, machine: e.states }] : [],
  );
  return (
    <section aria-labelledby="admin-states-h">
      <h2 id="admin-states-h">State machines</h2>
      {machines.length === 0 && <p>No entity of this app has states.</p>}
      {machines.map(({ name, label, machine }) => (
        <section key={name} aria-labelledby={`admin-states-${name}`} className="admin-entity">
          <h3 id={`admin-states-${name}`}>
            {label} <code className="admin-name">{machine.field}</code>
          </h3>
          <figure className="admin-figure">
            <ScrollBox label={`${label} diagram`} className="admin-diagram-scroll">
              <StateDiagram entityLabel={label} machine={machine} roleLabel={roleLabel} />
            </ScrollBox>
            <figcaption className="admin-legend">
              <span>
                <span className="legend-start" aria-hidden="true" /> start: the initial state
              </span>
              <span>
                <span className="legend-final" aria-hidden="true" /> double border: a final state
              </span>
              <span>
                <strong aria-hidden="true">*</strong> only when a condition holds (see the table)
              </span>
            </figcaption>
          </figure>
          <TransitionsTable entityLabel={label} machine={machine} roleLabel={roleLabel} />
        </section>
      ))}
    </section>
  );
}
