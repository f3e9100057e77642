/**
 * Time and automation: timed transitions, triggers, schedules, outgoing webhooks and
 * notifications, each checked by its own file. All of them run as the system, so beyond
 * naming what exists they must make sense with no caller and, for a timer, with no write.
 */
import type { CheckContext } from './check-context';
import { checkNotifications } from './check-notifications';
import { checkSchedules } from './check-schedules';
import { checkTimedTransitions } from './check-timers';
import { checkTriggers } from './check-triggers';
import { checkWebhooks } from './check-webhooks';

/**
 * Checks the automation of the app.
 * @example checkAutomation(ctx) // reports "the timer of transition 'close' counts from 'subject', which is a text field, not a datetime"
 */
export function checkAutomation(ctx: CheckContext): void {
  checkTimedTransitions(ctx);
  checkTriggers(ctx);
  checkSchedules(ctx);
  checkWebhooks(ctx);
  checkNotifications(ctx);
}
