/**
 * The app's schema: every entity, its fields and rules — read from `/api/meta`, so it is
 * exactly what the server enforces.
 */
import { useMeta } from '../meta/meta-provider';
import { EntitySchema } from './entity-schema';

/**
 * @example <SchemaPanel />
 */
export function SchemaPanel() {
  const meta = useMeta();
  const entities = Object.entries(meta.entities);
  return (
    <section aria-labelledby="admin-schema-h">
      <h2 id="admin-schema-h">Schema</h2>
      <nav aria-label="Entities" className="admin-jump">
        <ul>
          {entities.map(([name, e]) => (
            <li key={name}>
              <a href={`#admin-schema-${name}`}>{e.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {entities.map(([name, e]) => (
        <EntitySchema key={name} name={name} entity={e} />
      ))}
    </section>
  );
}
