/**
 * The frame every input sits in: its label, a hint with the field's rules, and its errors,
 * tied to the input by id (aria-describedby) so a screen reader reads them with it.
 */
import type { ReactNode } from 'react';

export interface FieldFrameProps {
  /** The input's id; the hint and errors take ids derived from it. */
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly errors?: readonly string[] | undefined;
  readonly required?: boolean;
  /** Checkbox layout: the input before its label. */
  readonly inline?: boolean;
  readonly children: ReactNode;
}

/**
 * The aria attributes of an input in a FieldFrame with the same id, hint and errors.
 * @example <input id={id} {...describedBy(id, hint, errors)} />
 */
export function describedBy(
  id: string,
  hint: string | undefined,
  errors: readonly string[] | undefined,
): { 'aria-describedby'?: string; 'aria-invalid'?: true } {
  const invalid = errors !== undefined && errors.length > 0;
  const ids = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(ids ? { 'aria-describedby': ids } : {}), ...(invalid ? { 'aria-invalid': true } : {}) };
}

/**
 * @example
 * <FieldFrame id={id} label="Subject" hint="5–120 characters" errors={errors}>
 *   <input id={id} {...describedBy(id, hint, errors)} />
 * </FieldFrame>
 */
export function FieldFrame({
  id,
  label,
  hint,
  errors,
  required = false,
  inline = false,
  children,
}: FieldFrameProps) {
  const text = (
    <label htmlFor={id}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className={inline ? 'field field-inline' : 'field'}>
      {inline ? children : text}
      {inline ? text : children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errors && errors.length > 0 && (
        <p className="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
