/**
 * After a refused submit, focus goes to the first input marked invalid, so a keyboard or
 * screen-reader user lands on what to fix (and hears its error through aria-describedby).
 */

/**
 * Focuses the first `[aria-invalid="true"]` inside `form` once React has drawn the errors.
 * @example focusFirstInvalid(formRef.current);
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
