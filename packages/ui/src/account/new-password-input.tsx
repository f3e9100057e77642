/**
 * The input of a new password, with the policy from the meta as its hint.
 */
import { TextInput } from '../components/text-input';
import { useMeta } from '../meta/meta-provider';
import { passwordHint } from './password-rule';

/**
 * @example <NewPasswordInput id="reset-password" value={v} onChange={set} errors={errors.password} />
 */
export function NewPasswordInput(props: {
  readonly id: string;
  readonly label?: string;
  readonly value: string;
  readonly errors: readonly string[] | undefined;
  onChange(value: string): void;
}) {
  const rule = useMeta().auth?.password;
  return (
    <TextInput
      id={props.id}
      label={props.label ?? 'New password'}
      type="password"
      autoComplete="new-password"
      hint={passwordHint(rule)}
      value={props.value}
      onChange={props.onChange}
      errors={props.errors}
    />
  );
}
