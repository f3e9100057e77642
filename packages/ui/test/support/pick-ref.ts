/**
 * Picks a record in a reference picker (a combobox that searches as one types), the way a
 * person does: type part of its title, then choose it from the list.
 */
import type { Locator } from 'playwright-core';

/**
 * @example await pickRef(dialog, 'Assignee', 'Tom Becker');
 * @example await pickRef(dialog, 'Assignee', 'Priya', 'Priya Natarajan (you)');
 */
export async function pickRef(scope: Locator, label: string, typed: string, option = typed): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await scope.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
