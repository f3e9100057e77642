/**
 * A labelled select outside the spec's fields (a key's expiry, an invitation's role), framed
 * like every other input.
 */
import { describedBy, FieldFrame } from '../components/field-frame';

/**
 * @example <SelectInput id="key-expiry" label="Expires" value={v} options={[{ value: '30', label: '30 days' }]} onChange={set} />
 */
export function SelectInput(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly hint?: string;
  readonly errors?: readonly string[] | undefined;
  onChange(value: string): void;
}) {
  const { id, hint, errors } = props;
  return (
    <FieldFrame id={id} label={props.label} hint={hint} errors={errors} required>
      <select
        id={id}
        name={id}
        value={props.value}
        aria-required
        onChange={(e) => props.onChange(e.target.value)}
        {...describedBy(id, hint, errors)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
