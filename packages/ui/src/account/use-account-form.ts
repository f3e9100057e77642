/**
 * The state every account form shares: its text values, the issues found before sending or
 * answered by the server (each beside its input, the rest in the alert), the failure, whether
 * it is sending, and focus moved to the first invalid input after a refusal.
 */
import { type FormEvent, useRef, useState } from 'react';
import { fieldProblems } from '../feedback/problem-message';
import { focusFirstInvalid } from '../forms/focus-first-invalid';
import { type Issue, issuesByField } from '../forms/form-values';

/**
 * What a form checks before sending: issues by input name.
 * @example const check: Checks<'email'> = (v) => required(v, { email: 'Email' });
 */
export type Checks<F extends string> = (values: Readonly<Record<F, string>>) => readonly Issue[];

/**
 * @example
 * const form = useAccountForm({ email: '' }, (v) => (v.email ? [] : [{ path: 'email', message: 'Email is required.' }]));
 * <form ref={form.ref} onSubmit={form.submit((v) => client.auth.requestPasswordReset(v))}>…</form>
 */
export function useAccountForm<F extends string>(initial: Readonly<Record<F, string>>, check: Checks<F>) {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<readonly Issue[]>([]);
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const names = Object.keys(initial);
  const { byField, other } = issuesByField(issues, names);

  const set = (name: F) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setIssues((all) => all.filter((i) => i.path !== name));
  };

  /** The submit handler: checks, sends, and on a refusal shows why. */
  const submit =
    (send: (values: Readonly<Record<F, string>>) => Promise<unknown>, done?: () => void) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setProblem(undefined);
      const found = check(values);
      setIssues(found);
      if (found.length > 0) return focusFirstInvalid(ref.current);
      setBusy(true);
      try {
        await send(values);
        setBusy(false);
        done?.();
      } catch (e) {
        const fields = fieldProblems(e);
        setIssues(fields);
        if (fields.length === 0 || issuesByField(fields, names).other.length > 0) setProblem(e);
        setBusy(false);
        focusFirstInvalid(ref.current);
      }
    };

  return {
    ref,
    values,
    set,
    setValues,
    busy,
    problem,
    /** Messages by input name. */
    errors: byField as Partial<Record<F, string[]>>,
    /** Issues of no input here (for the alert). */
    other,
    submit,
  };
}

/**
 * A "required" issue for each empty value named.
 * @example required({ email: '' }, { email: 'Email' }) // [{ path: 'email', message: 'Email is required.' }]
 */
export function required<F extends string>(
  values: Readonly<Record<F, string>>,
  labels: Partial<Record<F, string>>,
): Issue[] {
  return (Object.keys(labels) as F[])
    .filter((name) => values[name].trim() === '')
    .map((name) => ({ path: name, message: `${labels[name]} is required.` }));
}
