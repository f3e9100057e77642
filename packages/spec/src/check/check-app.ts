/**
 * `checkApp()`: the spec checker behind `ninefold check`. It refuses a spec that is wrong and
 * says where and why, listing every problem at once.
 */
import type { App } from '../app/define-app';
import { checkAccountOptions } from './check-account-options';
import { checkActions } from './check-actions';
import { checkAutomation } from './check-automation';
import { createCheckContext, type Problem } from './check-context';
import { checkEntities } from './check-entities';
import { checkErrorCatalogue } from './check-errors';
import { checkFiles } from './check-files';
import { checkLimits } from './check-limits';
import { checkMessages } from './check-messages';
import { checkRoles } from './check-roles';
import { checkScreens } from './check-screens';
import { checkSortable } from './check-sortable';

export type { Problem };

export interface CheckResult {
  /** True when there are no problems. */
  readonly ok: boolean;
  readonly problems: readonly Problem[];
}

/**
 * Checks a defined app: every name it uses is declared, every state is reachable, and the
 * rest of what a spec can get wrong. Never stops at the first problem.
 * @example
 * const { ok, problems } = checkApp(app);
 * for (const p of problems) console.log(`${p.path}: ${p.message}`);
 * // entities.tickets.states.transitions.triage.to: transition 'triage' goes to 'opened', which is not a state of tickets (…)
 */
export function checkApp(app: App): CheckResult {
  const ctx = createCheckContext(app);
  checkRoles(ctx);
  checkErrorCatalogue(ctx);
  checkMessages(ctx);
  checkAccountOptions(ctx);
  checkEntities(ctx);
  checkActions(ctx);
  checkLimits(ctx);
  checkFiles(ctx);
  checkScreens(ctx);
  checkSortable(ctx);
  checkAutomation(ctx);
  return { ok: ctx.problems.length === 0, problems: ctx.problems };
}
