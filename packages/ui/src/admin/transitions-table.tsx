/**
 * A state machine's transitions as a table: the diagram's content in words — from where to
 * where, who may run each (with the rule), what it requires and what it asks for.
 */
import type { EntityMeta } from '@ninefold/spec';
import { ScrollBox } from './scroll-box';

export interface TransitionsTableProps {
  readonly entityLabel: string;
  readonly machine: NonNullable<EntityMeta['states']>;
  roleLabel(role: string): string;
}

/**
 * @example <TransitionsTable entityLabel="Tickets" machine={machine} roleLabel={(r) => r} />
 */
export function TransitionsTable({ entityLabel, machine, roleLabel }: TransitionsTableProps) {
  const state = (id: string) => machine.states[id]?.label ?? id;
  return (
    <ScrollBox label={`Transitions of ${entityLabel}`}>
      <table className="admin-table">
        <caption className="admin-caption">Transitions of {entityLabel}</caption>
        <thead>
          <tr>
            <th scope="col">Transition</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Who</th>
            <th scope="col">Requires</th>
            <th scope="col">Asks for</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(machine.transitions).map(([name, t]) => (
            <tr key={name}>
              <th scope="row">
                {t.label} <code className="admin-name">{name}</code>
              </th>
              <td>{t.from.map(state).join(', ')}</td>
              <td>{state(t.to)}</td>
              <td>
                <ul className="admin-plain-list">
                  {Object.entries(t.who).map(([role, rule]) => (
                    <li key={role}>
                      <strong>{roleLabel(role)}</strong>: {rule.text}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {t.requires.length === 0
                  ? '—'
                  : t.requires.map((r) => (
                      <span key={r.text}>
                        {r.text}, else <code>{r.error}</code>
                      </span>
                    ))}
              </td>
              <td>{Object.keys(t.input).length === 0 ? '—' : Object.keys(t.input).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
