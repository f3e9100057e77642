/**
 * A record's fields as a description list: label and value, the fields the role may read,
 * in the spec's order, long texts left to the page's main column.
 */
import { type EntityMeta, humanize } from '@ninefold/spec';
import { FieldValue } from '../../components/field-value';

/**
 * @example <RecordFields entityName="tickets" entity={e} names={['priority', 'status']} record={ticket} />
 */
export function RecordFields({
  entityName,
  entity,
  names,
  record,
}: {
  readonly entityName: string;
  readonly entity: EntityMeta;
  readonly names: readonly string[];
  readonly record: { readonly [field: string]: unknown };
}) {
  return (
    <dl className="record-fields">
      {names.map((name) => (
        <div key={name} className="record-field">
          <dt>{entity.fields[name]?.label ?? humanize(name)}</dt>
          <dd>
            <FieldValue
              entity={entityName}
              field={name}
              value={record[name]}
              record={record}
              context="detail"
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
