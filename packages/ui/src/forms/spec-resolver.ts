/**
 * Ninefold's part of every form: a react-hook-form resolver that turns the inputs into the
 * JSON body a write sends and judges it with the spec's own validator (`validatorFor`,
 * `validateFields`) — the server's check, word for word — so the browser refuses exactly what
 * the server would, and names every failing field at once.
 */
import type { Fields, ValidationResult } from '@ninefold/spec';
import type { FieldValues, Resolver } from 'react-hook-form';
import { issueErrors } from './field-errors';
import { type FormValues, formData } from './form-values';

/** The JSON body of a write, as the resolver hands it to the submit handler. */
export type FormBody = Record<string, unknown>;

/** The spec's check of a body: a `validatorFor(e)` method or a `validateFields` call. */
export type SpecCheck = (body: FormBody) => ValidationResult;

/**
 * @example
 * const resolver = specResolver(e.fields, ['subject'], (body) => validatorFor(e).create(body, writable));
 * useForm<FormValues, unknown, FormBody>({ resolver });
 */
export function specResolver(
  fields: Fields,
  shown: readonly string[],
  check: SpecCheck,
): Resolver<FormValues & FieldValues, unknown, FormBody> {
  return (values) => {
    const body = formData(fields, values);
    const verdict = check(body);
    // The body as built from the inputs, not the validator's value: defaults are the
    // server's to apply, as if the field had been left out.
    if (verdict.ok) return { values: body, errors: {} };
    return { values: {}, errors: issueErrors('spec', verdict.issues, shown) };
  };
}
