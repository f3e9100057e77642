/**
 * The state of a form over spec fields: values, which fields were left (touched), the
 * browser's verdict from the spec's own validator (the server's, word for word) and the
 * server's field errors — every failing field at once, each beside its input.
 */
import type { Fields, ValidationResult } from '@ninefold/spec';
import { type FormEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { fieldProblems } from '../api/api-error';
import { focusFirstInvalid } from './focus-first-invalid';
import { type FormValue, type FormValues, formData, type Issue, issuesByField } from './form-values';

export interface FieldForm {
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly values: FormValues;
  change(name: string, value: FormValue): void;
  touch(name: string): void;
  /** The errors to show beside a field now. */
  errorsFor(name: string): readonly string[] | undefined;
  /** Issues of fields the form has no input for (shown in the form's alert). */
  readonly unplaced: readonly Issue[];
  /** Call from onSubmit: the body to send, or undefined (errors shown, focus on the first). */
  check(event: FormEvent): Record<string, unknown> | undefined;
  /** After a refused send: places the server's field errors; true when every one found its input. */
  refused(error: unknown): boolean;
  reset(values: FormValues): void;
}

/**
 * @example
 * const form = useFieldForm(e.fields, ['subject'], initialValues(e.fields, ['subject']), (d) => validator.create(d, writable));
 * <form ref={form.formRef} onSubmit={(ev) => { const body = form.check(ev); if (body) send(body); }}>
 */
export function useFieldForm(
  fields: Fields,
  names: readonly string[],
  initial: FormValues,
  validate: (data: Record<string, unknown>) => ValidationResult,
): FieldForm {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<readonly Issue[]>([]);

  const result = validate(formData(fields, values));
  const client = issuesByField(result.ok ? [] : result.issues, names);
  const fromServer = issuesByField(server, names);

  const change = useCallback((name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    // The server judged the old value; its verdict no longer applies to the new one.
    setServer((issues) => issues.filter((i) => i.path.split('.')[0] !== name));
  }, []);
  const touch = useCallback(
    (name: string) => setTouched((t) => (t.has(name) ? t : new Set([...t, name]))),
    [],
  );

  const errorsFor = (name: string) => {
    const own = touched.has(name) ? (client.byField[name] ?? []) : [];
    const all = [...own, ...(fromServer.byField[name] ?? [])];
    return all.length > 0 ? all : undefined;
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(names));
    setServer([]);
    const verdict = validate(formData(fields, values));
    if (!verdict.ok) {
      focusFirstInvalid(formRef.current);
      return undefined;
    }
    return formData(fields, values);
  };

  const refused = (error: unknown) => {
    const issues = fieldProblems(error);
    setServer(issues);
    if (issues.length > 0) focusFirstInvalid(formRef.current);
    return issues.length > 0 && issuesByField(issues, names).other.length === 0;
  };

  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setTouched(new Set());
    setServer([]);
  }, []);

  return {
    formRef,
    values,
    change,
    touch,
    errorsFor,
    unplaced: [...(touched.size > 0 ? client.other : []), ...fromServer.other],
    check,
    refused,
    reset,
  };
}
