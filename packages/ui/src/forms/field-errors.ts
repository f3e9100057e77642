/**
 * Between Ninefold's issues (the validator's and the server's `errors[]`: a path and a
 * message) and react-hook-form's errors. A field may fail more than one rule, so every
 * message is kept (in `types`), not just the first; issues of fields the form has no input
 * for are kept together under `root.unplaced`, by path, for the form's alert.
 */
import type { FieldError, FieldErrors, FieldValues } from 'react-hook-form';
import { type Issue, issuesByField } from './form-values';

/** Where issues without an input of their own are kept. */
export const UNPLACED = 'root.unplaced';

/** Who found the problem: the spec's validator in the browser, or the server. */
export type IssueSource = 'spec' | 'server';

/**
 * One field's messages as a react-hook-form error.
 * @example fieldError('spec', ['Subject is required.']) // { type: 'spec', message: 'Subject is required.', types: { spec: [...] } }
 */
export function fieldError(source: IssueSource, messages: readonly string[]): FieldError {
  return { type: source, message: messages[0] ?? '', types: { [source]: [...messages] } };
}

/**
 * Issues of fields without an input, by path, as one error for the form's alert.
 * @example unplacedError('server', [{ path: 'team', message: 'Unknown team.' }])
 */
export function unplacedError(source: IssueSource, issues: readonly Issue[]): FieldError {
  const types: Record<string, string[]> = {};
  for (const issue of issues) types[issue.path] = [...(types[issue.path] ?? []), issue.message];
  return { type: source, message: issues[0]?.message ?? '', types };
}

/**
 * Hands each issue to `set` (react-hook-form's `setError`, say): beside the input shown for
 * the first segment of its path (`tags.2` goes to `tags`), the rest as one `root.unplaced`.
 * True when every issue found its input.
 * @example placeIssues(form.setError, 'server', fieldProblems(err), ['subject'])
 */
export function placeIssues(
  set: (name: string, error: FieldError) => void,
  source: IssueSource,
  issues: readonly Issue[],
  shown: readonly string[],
): boolean {
  const { byField, other } = issuesByField(issues, shown);
  for (const [name, messages] of Object.entries(byField)) set(name, fieldError(source, messages));
  if (other.length > 0) set(UNPLACED, unplacedError(source, other));
  return other.length === 0;
}

/**
 * Issues as react-hook-form errors, placed as `placeIssues` places them.
 * @example issueErrors('spec', [{ path: 'subject', message: 'Subject is required.' }], ['subject'])
 */
export function issueErrors(
  source: IssueSource,
  issues: readonly Issue[],
  shown: readonly string[],
): FieldErrors<FieldValues> {
  const errors: Record<string, unknown> = {};
  placeIssues(
    (name, error) => {
      if (name === UNPLACED) errors.root = { unplaced: error };
      else errors[name] = error;
    },
    source,
    issues,
    shown,
  );
  return errors as FieldErrors<FieldValues>;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Every message of one field's error, or undefined when it has none (as the inputs take them).
 * @example errorMessages(fieldError('spec', ['Too short.'])) // ['Too short.']
 */
export function errorMessages(error: FieldError | undefined): readonly string[] | undefined {
  if (!error) return undefined;
  const all = error.types ? Object.values(error.types).flatMap(strings) : strings(error.message);
  return all.length > 0 ? all : undefined;
}

/**
 * The issues kept under `root.unplaced`, back as issues.
 * @example unplacedIssues(form.formState.errors) // [{ path: 'team', message: 'Unknown team.' }]
 */
export function unplacedIssues(errors: FieldErrors<FieldValues>): Issue[] {
  // Typed as a bare global error, but it is one this module made, `types` and all.
  const types = (errors.root?.unplaced as FieldError | undefined)?.types ?? {};
  return Object.entries(types).flatMap(([path, messages]) =>
    strings(messages).map((message) => ({ path, message })),
  );
}
