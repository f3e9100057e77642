/**
 * The password policy from the meta (`auth.password`), in words and as a check run before a new
 * password is sent. The server checks it too, with its list of common passwords; its field
 * errors show beside the input as well.
 */

/**
 * The lengths `/api/meta` gives under `auth.password`.
 * @example const rule: PasswordRule | undefined = useMeta().auth?.password;
 */
export interface PasswordRule {
  readonly min: number;
  readonly max: number;
}

/**
 * The rule as a hint under a new-password input.
 * @example passwordHint({ min: 8, max: 256 }) // 'At least 8 characters. Pick a long one; common passwords are refused.'
 */
export function passwordHint(rule: PasswordRule | undefined): string {
  const length = rule ? `At least ${rule.min} characters. ` : '';
  return `${length}Pick a long one; common passwords are refused.`;
}

/**
 * What is wrong with a new password before it is sent, or undefined.
 * @example passwordProblem('short', { min: 8, max: 256 }) // 'Password must be at least 8 characters.'
 */
export function passwordProblem(password: string, rule: PasswordRule | undefined): string | undefined {
  if (password === '') return 'Password is required.';
  // Characters as the server counts them: code points, so an emoji is one, not two.
  const length = [...password].length;
  if (rule && length < rule.min) return `Password must be at least ${rule.min} characters.`;
  if (rule && length > rule.max) return `Password must be at most ${rule.max} characters.`;
  return undefined;
}
