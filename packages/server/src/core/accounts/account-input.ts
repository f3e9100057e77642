/**
 * Reads the body of an account flow: exactly the fields it names (an unknown one is refused),
 * each of its kind, every failing field reported at once (VALIDATION_FAILED), before anything
 * is looked up — so the answer depends on the input alone, never on who has an account.
 */
import { type App, validateFields } from '@ninefold/spec';
import { type FieldIssue, validationFailed } from '../app-error';
import { passwordProblem } from './passwords';

/**
 * `email` (the users entity's rule, stored trimmed and lower case), `password` (the policy),
 * `secret` (a token or a current password: any text up to 1024), `text` (a role), `name`
 * (the users entity's rule).
 */
export type InputKind = 'email' | 'password' | 'secret' | 'text' | 'name';

export type InputShape = Readonly<Record<string, { readonly kind: InputKind; readonly optional?: boolean }>>;

/** The read values: present fields only, as text. */
export type AccountInput<S extends InputShape> = { [K in keyof S]: string };

function issue(path: string, code: string, message: string): FieldIssue {
  return { path, code, message };
}

function checkOne(app: App, path: string, kind: InputKind, value: unknown): FieldIssue[] | string {
  if (kind === 'password') {
    const problem = passwordProblem(value);
    return problem ? [issue(path, 'too_short', problem)] : String(value);
  }
  if (typeof value !== 'string') return [issue(path, 'type', `${path} must be text.`)];
  if (kind === 'secret' || kind === 'text') {
    if (value.length === 0 || value.length > 1024) return [issue(path, 'too_long', `${path} is not valid.`)];
    return value;
  }
  const field = app.entities.users!.fields[kind]!;
  const checked = validateFields({ [path]: field }, { [path]: value }, { mode: 'create' });
  if (!checked.ok) return checked.issues.map((i) => ({ ...i, path }));
  const v = String((checked as { value: Record<string, unknown> }).value[path]);
  return kind === 'email' ? v.trim().toLowerCase() : v;
}

/**
 * @example const { email } = readInput(app, body, { email: { kind: 'email' } });
 */
export function readInput<S extends InputShape>(app: App, body: unknown, shape: S): AccountInput<S> {
  const input =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  if (!input) throw validationFailed([issue('', 'type', 'The body must be a JSON object.')]);
  const issues: FieldIssue[] = [];
  const out: Record<string, string> = {};
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(shape, key)) issues.push(issue(key, 'unknown_field', `Unknown field '${key}'.`));
  }
  for (const [path, { kind, optional }] of Object.entries(shape)) {
    const value = input[path];
    if (value === undefined || value === null) {
      if (!optional) issues.push(issue(path, 'required', `${path} is required.`));
      continue;
    }
    const read = checkOne(app, path, kind, value);
    if (typeof read === 'string') out[path] = read;
    else issues.push(...read);
  }
  if (issues.length > 0) throw validationFailed(issues);
  return out as AccountInput<S>;
}
