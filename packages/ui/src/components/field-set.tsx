/**
 * The inputs of a form over spec fields, in order, each wired to the form's state.
 */
import type { Fields } from '@ninefold/spec';
import type { FieldForm } from '../forms/use-field-form';
import { FieldInput } from './field-input';

/**
 * @example <FieldSet idPrefix="new-ticket" fields={e.fields} names={['subject']} form={form} />
 */
export function FieldSet({
  idPrefix,
  fields,
  names,
  form,
}: {
  readonly idPrefix: string;
  readonly fields: Fields;
  readonly names: readonly string[];
  readonly form: FieldForm;
}) {
  return (
    <>
      {names.map((name) =>
        fields[name] ? (
          <FieldInput
            key={name}
            id={`${idPrefix}-${name}`}
            name={name}
            field={fields[name]}
            value={form.values[name] ?? ''}
            errors={form.errorsFor(name)}
            onChange={form.change}
            onBlur={form.touch}
          />
        ) : null,
      )}
    </>
  );
}
