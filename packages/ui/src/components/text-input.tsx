/**
 * A labelled text input outside the spec's fields (email and password on the sign-in and
 * sign-up pages), framed like every other input.
 */
import { describedBy, FieldFrame } from './field-frame';

export interface TextInputProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete: string;
  readonly hint?: string;
  readonly errors?: readonly string[] | undefined;
  /** False for an input that may stay empty (default true). */
  readonly required?: boolean;
  onChange(value: string): void;
}

/**
 * @example <TextInput id="login-email" label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
 */
export function TextInput({
  id,
  label,
  value,
  type = 'text',
  autoComplete,
  hint,
  errors,
  required = true,
  onChange,
}: TextInputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} required={required}>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        aria-required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(id, hint, errors)}
      />
    </FieldFrame>
  );
}
