/**
 * Screens: the client's routes, one page kind each, with who sees them and how they appear
 * in the navigation.
 */
import type { Where } from './action';

export type ScreenKind = 'dashboard' | 'list' | 'board' | 'form' | 'detail' | 'custom' | 'login' | 'signup';

/** What every dashboard widget has. */
interface WidgetBase {
  /**
   * A stable name, unique on its screen: an app's UI replaces the generated widget by it
   * (`defineUi({ widgets: { atRisk: AtRiskWidget } })`), whatever its title says.
   */
  readonly name?: string;
  readonly title: string;
  /** Who sees it (default everyone who sees the screen). */
  readonly roles?: readonly string[];
}

/** What a chart fed by an aggregate computes per group: a count, or a function over a field. */
export type ChartFn = 'count' | 'sum' | 'avg' | 'min' | 'max';

/**
 * A chart fed by the entity's aggregate (`GET …/aggregate?groupBy=…`): one bar per value of
 * `groupBy` among the records `where` selects and the viewer may read, its height `fn` over
 * `field` (the count when `fn` is absent or `count`).
 * @example { kind: 'chart', title: 'By status', entity: 'tickets', groupBy: 'status' }
 */
export interface ChartAggregate {
  readonly kind: 'chart';
  readonly entity: string;
  readonly groupBy: string;
  readonly fn?: ChartFn;
  /** The numeric field `fn` reads (required unless `fn` is `count`). */
  readonly field?: string;
  readonly where?: Where;
}

export type WidgetInput = WidgetBase &
  (
    | {
        readonly kind: 'count';
        readonly entity: string;
        readonly where?: Where;
      }
    | {
        readonly kind: 'list';
        readonly entity: string;
        readonly where?: Where;
        readonly sort?: string;
        readonly limit?: number;
      }
    | {
        readonly kind: 'chart';
        /** An action whose output is one or more maps of label to count. */
        readonly action: string;
        readonly series: readonly string[];
      }
    | ChartAggregate
    | {
        readonly kind: 'custom';
        readonly component: string;
      }
  );

export interface ScreenInput {
  readonly route: string;
  readonly kind: ScreenKind;
  readonly title: string;
  /** Who sees it: roles, `anonymous`, or both (default every signed-in role). */
  readonly roles?: readonly string[];
  /** Shown in the navigation (default true for dashboard, list, board and custom pages). */
  readonly nav?: boolean;
  readonly entity?: string;
  /** list: the columns, filters and search field. */
  readonly columns?: readonly string[];
  readonly filters?: readonly string[];
  readonly search?: string;
  readonly sort?: string;
  /** form: the fields asked for (default every writable one). */
  readonly fields?: readonly string[];
  /** detail: related records shown below, e.g. the comment thread. */
  readonly related?: readonly { readonly entity: string; readonly via: string; readonly title: string }[];
  /** dashboard: its widgets. */
  readonly widgets?: readonly WidgetInput[];
  /** custom: the name of the React component the app registers. */
  readonly component?: string;
}
