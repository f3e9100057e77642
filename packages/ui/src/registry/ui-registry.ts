/**
 * What an app adds to the generated UI, all by name: components for its custom screens and
 * widgets, replacements for generated pages and widgets, renderers for fields, extras shown
 * on generated pages, and whole new screens.
 */
import type { MetaAnswer } from '@ninefold/client';
import type { ScreenInput, WidgetInput } from '@ninefold/spec';
import type { ComponentType } from 'react';
import type { RouteParams } from '../router/match-route';

/** What a page gets: its screen (from the spec, or added by the app) and the route's params. */
export interface PageProps {
  /** The screen's name in `screens`, e.g. `ticket`. */
  readonly name: string;
  readonly screen: ScreenInput;
  readonly params: RouteParams;
}

/** What a dashboard widget gets. */
export interface WidgetProps {
  readonly widget: WidgetInput;
  /** The dashboard screen it sits on. */
  readonly screen: ScreenInput;
}

/** What a field renderer gets: one value of one record, and where it is shown. */
export interface FieldViewProps {
  readonly entity: string;
  readonly field: string;
  readonly value: unknown;
  readonly record: { readonly [field: string]: unknown };
  readonly context: 'table' | 'card' | 'detail';
}

/** What an admin panel gets: the app's meta and the role of the admin looking at it. */
export interface AdminPanelProps {
  readonly meta: MetaAnswer;
  readonly role: string;
}

/** A tab of the admin console: its label and what it shows. */
export interface AdminPanel {
  /** The tab's label, e.g. `Regions`. */
  readonly title: string;
  readonly component: ComponentType<AdminPanelProps>;
}

// Components are looked up by name and given the props above; an app's own component is
// typed by its props, which `never` accepts whatever they are.
type Named<P> = { readonly [name: string]: ComponentType<P> };

export interface UiRegistry {
  /** By the name a `custom` screen or widget gives (`component: 'AdminConsole'`). */
  readonly components?: Named<never>;
  /** By screen name: replaces the generated page (e.g. `ticket`). */
  readonly pages?: Named<PageProps>;
  /**
   * By a dashboard widget's `name` in the spec (`slaAtRisk`), or `<screen>.<name>` for that
   * screen's only: replaces the generated widget. A widget without a name keeps its own.
   */
  readonly widgets?: Named<WidgetProps>;
  /** By `entity.field`: how a value is shown in tables, cards and detail pages. */
  readonly fields?: Named<FieldViewProps>;
  /** By screen name: shown on the generated page, under its heading. */
  readonly extras?: Named<PageProps>;
  /** More screens beside the spec's (usually `kind: 'custom'` with a `component`). */
  readonly screens?: { readonly [name: string]: ScreenInput };
  /**
   * Tabs of the admin console by id (the id is the `?tab=` of its address): the app's own
   * after "Users and roles", or in place of a built-in tab of the same id (`users`, `schema`,
   * `states`, `permissions`, `errors`, `limits`, `mail`, `audit`).
   */
  readonly adminPanels?: { readonly [id: string]: AdminPanel };
  /**
   * `false`: no admin console at `/admin` (the UI adds one for the spec's admin roles unless
   * the app declares its own screen for it).
   */
  readonly adminConsole?: boolean;
}

/**
 * Two registries as one; the second wins on every name.
 * @example mergeRegistries(DEFAULT_REGISTRY, appRegistry)
 */
export function mergeRegistries(a: UiRegistry, b: UiRegistry): UiRegistry {
  const adminConsole = b.adminConsole ?? a.adminConsole;
  return {
    components: { ...a.components, ...b.components },
    pages: { ...a.pages, ...b.pages },
    widgets: { ...a.widgets, ...b.widgets },
    fields: { ...a.fields, ...b.fields },
    extras: { ...a.extras, ...b.extras },
    screens: { ...a.screens, ...b.screens },
    adminPanels: { ...a.adminPanels, ...b.adminPanels },
    ...(adminConsole === undefined ? {} : { adminConsole }),
  };
}
