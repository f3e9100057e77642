/**
 * One input for one field of the spec, chosen by its type: text, text area, number,
 * checkbox, choice (an enum, or an integer's choices), date, date and time, web address, a
 * reference, or a comma-separated list.
 */
import type { Field } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';
import { fieldHint } from '../format/field-hint';
import type { FormValue } from '../forms/form-values';
import { describedBy, FieldFrame } from './field-frame';
import { RefInput } from './ref-input';

export interface FieldInputProps {
  readonly id: string;
  readonly name: string;
  readonly field: Field;
  readonly value: FormValue;
  readonly errors?: readonly string[] | undefined;
  onChange(name: string, value: FormValue): void;
  onBlur(name: string): void;
}

/** True when the form must be given a value: not optional, no default. */
export function isRequired(field: Field): boolean {
  return field.optional !== true && field.default === undefined;
}

/**
 * The values a field is chosen from, each with its words, as `[value, words]`: an enum's
 * values by label, an integer's declared choices; undefined for any other field.
 * @example choicesOf(f.integer({ choices: [15, 30] })) // [['15', '15'], ['30', '30']]
 */
export function choicesOf(field: Field): readonly (readonly [string, string])[] | undefined {
  if (field.type === 'enum') return field.values.map((v) => [v, humanize(v)] as const);
  if (field.type === 'integer' && field.choices)
    return field.choices.map((c) => [String(c), String(c)] as const);
  return undefined;
}

/**
 * @example <FieldInput id="t-subject" name="subject" field={fields.subject} value="" onChange={set} onBlur={touch} />
 */
export function FieldInput({ id, name, field, value, errors, onChange, onBlur }: FieldInputProps) {
  const label = field.label ?? humanize(name);
  const hint = fieldHint(field);
  const required = isRequired(field);
  const common = {
    id,
    name,
    onBlur: () => onBlur(name),
    ...(required ? { 'aria-required': true } : {}),
    ...describedBy(id, hint, errors),
  };
  const text = typeof value === 'string' ? value : '';
  const setText = (v: string) => onChange(name, v);
  const frame = { id, label, hint, errors, required };

  if (field.type === 'boolean') {
    return (
      <FieldFrame {...frame} inline>
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(name, e.target.checked)}
        />
      </FieldFrame>
    );
  }
  if (field.type === 'ref') {
    return (
      <FieldFrame {...frame}>
        <RefInput {...common} field={field} optional={!required} value={text} onChange={setText} />
      </FieldFrame>
    );
  }
  const choices = choicesOf(field);
  if (choices) {
    return (
      <FieldFrame {...frame}>
        <select {...common} value={text} onChange={(e) => setText(e.target.value)}>
          {field.default === undefined && <option value="">{required ? 'Choose…' : '—'}</option>}
          {choices.map(([v, words]) => (
            <option key={v} value={v}>
              {words}
            </option>
          ))}
        </select>
      </FieldFrame>
    );
  }
  if (field.type === 'date') {
    // The input holds the calendar date itself (`YYYY-MM-DD`): no time zone ever touches it.
    return (
      <FieldFrame {...frame}>
        <input
          {...common}
          type="date"
          {...(field.min ? { min: field.min } : {})}
          {...(field.max ? { max: field.max } : {})}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </FieldFrame>
    );
  }
  if (field.type === 'longText') {
    return (
      <FieldFrame {...frame}>
        <textarea {...common} rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </FieldFrame>
    );
  }
  const type =
    field.type === 'integer' || field.type === 'number'
      ? 'number'
      : field.type === 'email' || field.type === 'url'
        ? field.type
        : field.type === 'datetime'
          ? 'datetime-local'
          : 'text';
  return (
    <FieldFrame {...frame}>
      <input
        {...common}
        type={type}
        {...(field.type === 'integer' ? { step: 1 } : {})}
        {...(field.type === 'url' ? { autoComplete: 'url', placeholder: 'https://' } : {})}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </FieldFrame>
  );
}
