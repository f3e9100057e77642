/**
 * A form over spec fields on react-hook-form. Ninefold brings the judge: the spec's own
 * validator (the server's, word for word) as the resolver, so a submit names every failing
 * field at once; a field is judged again once left, then as it is typed in. The server's
 * field errors go beside their inputs with `setError`, and focus goes to the first invalid
 * input once the errors are drawn.
 */
import type { Fields } from '@ninefold/spec';
import { type FormEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import { type Control, type FieldValues, useForm } from 'react-hook-form';
import { fieldProblems } from '../feedback/problem-message';
import { placeIssues, unplacedIssues } from './field-errors';
import { focusFirstInvalidNow } from './focus-first-invalid';
import type { FormValues, Issue } from './form-values';
import { type FormBody, type SpecCheck, specResolver } from './spec-resolver';

export type { FormBody } from './spec-resolver';

/** What the inputs of a spec form hold, as react-hook-form sees them. */
export type SpecFormValues = FormValues & FieldValues;

export interface FieldForm {
  readonly formRef: RefObject<HTMLFormElement | null>;
  /** For the inputs (`FieldSet`): each follows its own field, so typing redraws one input. */
  readonly control: Control<SpecFormValues, unknown, FormBody>;
  /** Issues of fields the form has no input for (shown in the form's alert). */
  readonly unplaced: readonly Issue[];
  /** The form's onSubmit: checks, then calls `send` with the body, or shows every error. */
  handleSubmit(send: (body: FormBody) => void | Promise<void>): (event: FormEvent) => void;
  /** After a refused send: places the server's field errors; true when every one found its input. */
  refused(error: unknown): boolean;
  reset(values: FormValues): void;
  /** What the inputs hold now. */
  values(): FormValues;
}

/**
 * @example
 * const form = useFieldForm(e.fields, ['subject'], initialValues(e.fields, ['subject']), (d) => validator.create(d, writable));
 * <form ref={form.formRef} noValidate onSubmit={form.handleSubmit((body) => send(body))}>
 */
export function useFieldForm(
  fields: Fields,
  names: readonly string[],
  initial: FormValues,
  check: SpecCheck,
): FieldForm {
  const formRef = useRef<HTMLFormElement>(null);
  const rhf = useForm<SpecFormValues, unknown, FormBody>({
    defaultValues: initial,
    // Made each render (react-hook-form reads its options afresh), so the check always
    // sees the current fields and what the role may write.
    resolver: specResolver(fields, names, check),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
    // Its focus comes before the errors are drawn; ours after, so the error is announced.
    shouldFocusError: false,
  });
  const { errors } = rhf.formState;
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || Object.keys(errors).length === 0) return;
    focusPending.current = false;
    focusFirstInvalidNow(formRef.current);
  }, [errors]);

  const { handleSubmit: rhfSubmit, setError, reset: rhfReset, getValues } = rhf;
  const handleSubmit = useCallback(
    (send: (body: FormBody) => void | Promise<void>) => (event: FormEvent) => {
      void rhfSubmit(send, () => {
        focusPending.current = true;
      })(event);
    },
    [rhfSubmit],
  );

  const refused = (error: unknown) => {
    const issues = fieldProblems(error);
    if (issues.length === 0) return false;
    focusPending.current = true;
    return placeIssues(setError, 'server', issues, names);
  };

  const reset = useCallback((next: FormValues) => rhfReset(next), [rhfReset]);

  return {
    formRef,
    control: rhf.control,
    unplaced: unplacedIssues(errors),
    handleSubmit,
    refused,
    reset,
    values: getValues,
  };
}
