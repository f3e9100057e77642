/**
 * Test support for the checker: a writable copy of a defined (deep-frozen) app, edited to
 * carry one mistake, and the problems the checker finds at one path.
 */
import type { App } from '../app/define-app';
import type { Field } from '../fields/field';
import type { ExprNode } from '../rules/expr';
import type { RuleNode } from '../rules/rule';
import { checkApp } from './check-app';

// Nodes stay whole: a test replaces a rule, expression or field with a freshly built one.
type Leaf = RuleNode | ExprNode | Field | ((...args: never[]) => unknown);

/** A writable view of an app's plain data. */
export type Draft<T> = T extends Leaf
  ? T
  : T extends readonly (infer I)[]
    ? Draft<I>[]
    : T extends object
      ? { -readonly [K in keyof T]: Draft<T[K]> }
      : T;

/** One wrong spec: how to break the app, where the checker must say so, and a word it must use. */
export interface BrokenCase {
  readonly name: string;
  readonly edit: (draft: Draft<App>) => void;
  readonly path: string;
  readonly mentions: string;
}

/**
 * A copy of `app` with `edit` applied; the original stays untouched.
 * @example const broken = breakApp(helpdesk, (d) => { d.entities.tickets!.states!.initial = 'nope'; });
 */
export function breakApp(app: App, edit: (draft: Draft<App>) => void): App {
  const draft = copy(app) as Draft<App>;
  edit(draft);
  return draft as unknown as App;
}

/**
 * The messages `checkApp` reports at `path` for `app` broken by `edit`.
 * @example messagesAt(helpdesk, (d) => { delete d.screens.board!.entity; }, 'screens.board.entity')
 */
export function messagesAt(app: App, edit: (draft: Draft<App>) => void, path: string): string[] {
  return checkApp(breakApp(app, edit))
    .problems.filter((p) => p.path === path)
    .map((p) => p.message);
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
}
