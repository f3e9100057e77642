/**
 * What an app adds to the generated UI, all by name: components for its custom screens and
 * widgets, replacements for generated pages and widgets, renderers for fields, extras shown
 * on generated pages, and whole new screens.
 */
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

// Components are looked up by name and given the props above; an app's own component is
// typed by its props, which `never` accepts whatever they are.
type Named<P> = { readonly [name: string]: ComponentType<P> };

export interface UiRegistry {
  /** By the name a `custom` screen or widget gives (`component: 'AdminConsole'`). */
  readonly components?: Named<never>;
  /** By screen name: replaces the generated page (e.g. `ticket`). */
  readonly pages?: Named<PageProps>;
  /** By widget title: replaces the generated widget. */
  readonly widgets?: Named<WidgetProps>;
  /** By `entity.field`: how a value is shown in tables, cards and detail pages. */
  readonly fields?: Named<FieldViewProps>;
  /** By screen name: shown on the generated page, under its heading. */
  readonly extras?: Named<PageProps>;
  /** More screens beside the spec's (usually `kind: 'custom'` with a `component`). */
  readonly screens?: { readonly [name: string]: ScreenInput };
}

/**
 * Two registries as one; the second wins on every name.
 * @example mergeRegistries(DEFAULT_REGISTRY, appRegistry)
 */
export function mergeRegistries(a: UiRegistry, b: UiRegistry): UiRegistry {
  return {
    components: { ...a.components, ...b.components },
    pages: { ...a.pages, ...b.pages },
    widgets: { ...a.widgets, ...b.widgets },
    fields: { ...a.fields, ...b.fields },
    extras: { ...a.extras, ...b.extras },
    screens: { ...a.screens, ...b.screens },
  };
}
