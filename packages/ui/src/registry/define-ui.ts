/**
 * The typed form of an app's own UI folder: `<app>/ui/index.ts` default-exports its registry.
 */
import type { UiRegistry } from './ui-registry';

/**
 * Types an app's registry (its pages, widgets, fields, extras, components, screens and admin
 * panels) and returns it as given.
 * @example
 * // ui/index.ts
 * import { defineUi } from '@ninefold/ui';
 * import { OpenTicketsWidget } from './open-tickets-widget';
 * export default defineUi({ widgets: { openTickets: OpenTicketsWidget } });
 */
export function defineUi(registry: UiRegistry): UiRegistry {
  return registry;
}
