/**
 * One entity's schema: its fields with type and rules, what its references point at, its
 * indexes, and its cross-field rules in words.
 */
import { type EntityMeta, SYSTEM_FIELDS } from '@ninefold/spec';
import { fieldFacts, referenceText } from './field-constraints';
import { ScrollBox } from './scroll-box';
import { typeText } from './type-text';

export interface EntitySchemaProps {
  readonly name: string;
  readonly entity: EntityMeta;
}

/** Indexes: one per field marked unique or indexed, plus any composite ones meta carries. */
function indexesOf(entity: EntityMeta): { fields: readonly string[]; unique: boolean }[] {
  const own = Object.entries(entity.fields)
    .filter(([, f]) => f.unique || f.index)
    .map(([name, f]) => ({ fields: [name], unique: f.unique === true }));
  const composite = (entity as { indexes?: readonly (readonly string[])[] }).indexes ?? [];
  return [...own, ...composite.map((fields) => ({ fields, unique: false }))];
}

/**
 * @example <EntitySchema name="tickets" entity={meta.entities.tickets!} />
 */
export function EntitySchema({ name, entity }: EntitySchemaProps) {
  const h = `admin-schema-${name}`;
  const indexes = indexesOf(entity);
  return (
    <section aria-labelledby={h} className="admin-entity">
      <h3 id={h}>
        {entity.label} <code className="admin-name">{name}</code>
      </h3>
      {entity.description && <p className="admin-lede">{entity.description}</p>}
      <ScrollBox label={`Fields of ${entity.label}`}>
        <table className="admin-table">
          <caption className="visually-hidden">Fields of {entity.label}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Rules</th>
              <th scope="col">References</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(entity.fields).map(([field, node]) => (
              <tr key={field}>
                <th scope="row">
                  {node.label ?? field}
                  {node.label && node.label !== field && <code className="admin-name">{field}</code>}
                  {entity.title === field && <span className="admin-tag">title</span>}
                </th>
                <td>{typeText(node)}</td>
                <td>{fieldFacts(node).join('; ')}</td>
                <td>{referenceText(node) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="admin-note">
        Every record also has {SYSTEM_FIELDS.map((f, i) => [i > 0 ? ', ' : '', <code key={f}>{f}</code>])}.
      </p>
      {indexes.length > 0 && (
        <p className="admin-note">
          Indexes:{' '}
          {indexes.map((ix, i) => (
            <span key={ix.fields.join('+')}>
              {i > 0 ? '; ' : ''}
              <code>{ix.fields.join(', ')}</code>
              {ix.unique ? ' (unique)' : ''}
            </span>
          ))}
          .
        </p>
      )}
      {entity.validate.length > 0 && (
        <ScrollBox label={`Cross-field rules of ${entity.label}`}>
          <table className="admin-table">
            <caption className="admin-caption">Cross-field rules of {entity.label}</caption>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">On</th>
                <th scope="col">When</th>
                <th scope="col">Must hold</th>
                <th scope="col">Else</th>
              </tr>
            </thead>
            <tbody>
              {entity.validate.map((v) => (
                <tr key={v.name}>
                  <th scope="row">
                    <code>{v.name}</code>
                  </th>
                  <td>{v.on.join(', ')}</td>
                  <td>{v.when?.text ?? 'always'}</td>
                  <td>{v.check.text}</td>
                  <td>
                    <code>{v.error}</code>
                    {v.field ? ` on ${v.field}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
