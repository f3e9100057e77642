/**
 * The inputs of a form over spec fields, in order, each wired to the form's state. Each input
 * follows its own field only, so typing in one does not redraw the others.
 */
import type { Field, Fields } from '@ninefold/spec';
import { useController } from 'react-hook-form';
import { errorMessages } from '../forms/field-errors';
import type { FormValue } from '../forms/form-values';
import type { FieldForm } from '../forms/use-field-form';
import { FieldInput } from './field-input';

function ControlledInput({
  id,
  name,
  field,
  control,
}: {
  readonly id: string;
  readonly name: string;
  readonly field: Field;
  readonly control: FieldForm['control'];
}) {
  const { field: input, fieldState } = useController({ control, name });
  return (
    <FieldInput
      id={id}
      name={name}
      field={field}
      value={(input.value as FormValue | undefined) ?? ''}
      errors={errorMessages(fieldState.error)}
      onChange={(_, value) => input.onChange(value)}
      onBlur={input.onBlur}
    />
  );
}

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
          <ControlledInput
            key={name}
            id={`${idPrefix}-${name}`}
            name={name}
            field={fields[name]}
            control={form.control}
          />
        ) : null,
      )}
    </>
  );
}
