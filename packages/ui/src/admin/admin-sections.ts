/**
 * The admin console's tabs: its own, with the app's panels (the registry's `adminPanels`)
 * after the first — people come first in every app — or in place of a built-in tab that
 * has the same id.
 */
import type { ComponentType } from 'react';
import type { AdminPanel, AdminPanelProps } from '../registry/ui-registry';

/** One tab: its id (the `?tab=` of the address), label, and panel. */
export interface AdminSection {
  readonly id: string;
  readonly label: string;
  readonly Panel: ComponentType<AdminPanelProps>;
}

/**
 * @example adminSections(BUILT_IN, { regions: { title: 'Regions', component: RegionsPanel } }).map((s) => s.id)
 * // ['users', 'regions', 'schema', …]
 */
export function adminSections(
  builtIn: readonly AdminSection[],
  panels: { readonly [id: string]: AdminPanel } = {},
): AdminSection[] {
  const section = (id: string, panel: AdminPanel): AdminSection => ({
    id,
    label: panel.title,
    Panel: panel.component,
  });
  const own = builtIn.map((s) => {
    const panel = panels[s.id];
    return panel ? section(s.id, panel) : s;
  });
  const added = Object.entries(panels)
    .filter(([id]) => !builtIn.some((s) => s.id === id))
    .map(([id, panel]) => section(id, panel));
  return [...own.slice(0, 1), ...added, ...own.slice(1)];
}
