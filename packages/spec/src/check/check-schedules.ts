/**
 * Schedules: a cron expression croner reads (the library the server plans them with), in a
 * time zone the platform knows, that comes round at all, running an action the app declares
 * with the input it takes.
 */
import { Cron } from 'croner';
import { lit } from '../rules/expr';
import { checkActionCall } from './check-action-call';
import type { CheckContext } from './check-context';
import { checkAutomationName } from './check-events';

/**
 * Whether `zone` is an IANA time zone this platform knows.
 * @example isTimeZone('Europe/Zurich') // true
 * @example isTimeZone('Europe/Zurch') // false
 */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks every schedule of the app.
 * @example checkSchedules(ctx) // reports "schedule 'nightly' has the cron expression '0 25 * * *', which croner cannot read: …"
 */
export function checkSchedules(ctx: CheckContext): void {
  for (const [name, s] of Object.entries(ctx.app.schedules)) {
    const path = `schedules.${name}`;
    const who = `schedule '${name}'`;
    checkAutomationName(ctx, 'schedule', name, path);
    const zoned = isTimeZone(s.zone);
    if (!zoned) {
      ctx.report(
        `${path}.zone`,
        `${who} is read in '${s.zone}', which is not an IANA time zone (such as UTC or Europe/Zurich)`,
      );
    }
    checkCron(ctx, s.cron, zoned ? s.zone : 'UTC', `${path}.cron`, who);
    const input = Object.fromEntries(Object.entries(s.input).map(([k, v]) => [k, lit(v)]));
    checkActionCall(ctx, s.action, input, {
      who,
      namePath: `${path}.action`,
      inputPath: `${path}.input`,
      scope: { kind: 'none', what: who },
    });
  }
}

function checkCron(ctx: CheckContext, cron: string, zone: string, path: string, who: string): void {
  let pattern: Cron;
  try {
    // No function: croner only reads the pattern, it schedules nothing.
    pattern = new Cron(cron, { timezone: zone });
  } catch (e) {
    ctx.report(
      path,
      `${who} has the cron expression '${cron}', which croner cannot read: ${(e as Error).message}`,
    );
    return;
  }
  if (pattern.nextRun() === null) {
    ctx.report(
      path,
      `${who} has the cron expression '${cron}', which never comes round (such as 30 February)`,
    );
  }
}
