/**
 * What every check is given: the app under check and a place to report problems. Checks
 * report and carry on, so one run lists every problem of a spec, never only the first.
 */
import type { App } from '../app/define-app';

/** One thing wrong with a spec: where (a dotted path into the app) and why, in a sentence. */
export interface Problem {
  readonly path: string;
  readonly message: string;
}

export interface CheckContext {
  readonly app: App;
  report(path: string, message: string): void;
}

/**
 * A context that collects what checks report into `problems`.
 * @example
 * const ctx = createCheckContext(app);
 * ctx.report('screens.home.route', "route 'home' does not start with '/'");
 * ctx.problems; // [{ path: 'screens.home.route', message: "route 'home' …" }]
 */
export function createCheckContext(app: App): CheckContext & { readonly problems: Problem[] } {
  const problems: Problem[] = [];
  return { app, problems, report: (path, message) => problems.push({ path, message }) };
}
