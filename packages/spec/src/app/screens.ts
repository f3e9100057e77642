/**
 * Screens: the client's routes, one page kind each, with who sees them and how they appear
 * in the navigation.
 */
import type { Where } from './action';

export type ScreenKind = 'dashboard' | 'list' | 'board' | 'form' | 'detail' | 'custom' | 'login' | 'signup';

export type WidgetInput =
  | {
      readonly kind: 'count';
      readonly title: string;
      readonly entity: string;
      readonly where?: Where;
      readonly roles?: readonly string[];
    }
  | {
      readonly kind: 'list';
      readonly title: string;
      readonly entity: string;
      readonly where?: Where;
      readonly sort?: string;
      readonly limit?: number;
      readonly roles?: readonly string[];
    }
  | {
      readonly kind: 'chart';
      readonly title: string;
      /** An action whose output is one or more maps of label to count. */
      readonly action: string;
      readonly series: readonly string[];
      readonly roles?: readonly string[];
    }
  | {
      readonly kind: 'custom';
      readonly title: string;
      readonly component: string;
      readonly roles?: readonly string[];
    };

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
