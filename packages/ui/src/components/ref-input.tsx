/**
 * A reference to another record: a choice among the records the caller may list (narrowed
 * by the field's own rule, e.g. only agents), or the record's id typed in when the caller
 * cannot list that entity.
 */
import type { RefField } from '@ninefold/spec';
import { useRefOptions } from '../data/use-ref-options';

export interface RefInputProps {
  readonly id: string;
  readonly name: string;
  readonly field: RefField;
  readonly optional: boolean;
  readonly value: string;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * @example <RefInput id="t-assignee" name="assignee" field={fields.assignee} optional value={v} onChange={set} onBlur={touch} />
 */
export function RefInput({ field, optional, value, onChange, ...rest }: RefInputProps) {
  const { options, loading, available } = useRefOptions(field);
  if (!available) {
    return (
      <input
        {...rest}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <select {...rest} value={value} aria-busy={loading} onChange={(e) => onChange(e.target.value)}>
      <option value="">{optional ? '—' : 'Choose…'}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
