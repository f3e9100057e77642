/**
 * After a refused submit, focus goes to the first input marked invalid, so a keyboard or
 * screen-reader user lands on what to fix (and hears its error through aria-describedby).
 */

/**
 * Focuses the first `[aria-invalid="true"]` inside `form` now; true when there was one. For
 * code that runs once the errors are drawn (an effect).
 * @example useEffect(() => { if (pending) focusFirstInvalidNow(formRef.current); }, [errors]);
 */
export function focusFirstInvalidNow(form: HTMLFormElement | null): boolean {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
  return first !== null && first !== undefined;
}

/**
 * Focuses the first `[aria-invalid="true"]` inside `form` once React has drawn the errors
 * (they were set in the same event).
 * @example focusFirstInvalid(formRef.current);
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => focusFirstInvalidNow(form));
}
