/**
 * A small app for the schedule tests: its schedules run `tick`, which writes down which
 * schedule ran and when (and fails while the test says so).
 */
import { action, defineApp, entity, f, type ScheduleInput } from '@ninefold/spec';

/** How many more times `tick` fails before it works (a test sets it). */
export const flaky = { failures: 0 };

const ticks = entity({
  title: 'label',
  fields: { label: f.text({ min: 1, max: 40 }), at: f.text({ min: 1, max: 40 }) },
  access: { read: { member: true } },
});

const tick = action({
  who: { admin: true },
  input: { label: f.text({ min: 1, max: 40 }) },
  output: {},
  handler: async ({ input, now, elevated }) => {
    if (flaky.failures > 0) {
      flaky.failures -= 1;
      throw new Error('The clock tower is down.');
    }
    await elevated.create('ticks', { label: input.label, at: now.toISOString() });
    return {};
  },
});

/** The fixture's schedules: hourly in UTC, and nightly at 02:30 in Zurich (over DST edges). */
export const SCHEDULES = {
  hourly: { cron: '0 * * * *', action: 'tick', input: { label: 'hourly' } },
  nightly: { cron: '30 2 * * *', zone: 'Europe/Zurich', action: 'tick', input: { label: 'nightly' } },
} as const satisfies Record<string, ScheduleInput>;

/**
 * The app with these schedules (the tests change them to see plans follow).
 * @example clockApp({ hourly: { ...SCHEDULES.hourly, cron: '*\/15 * * * *' } })
 */
export function clockApp(schedules: Record<string, ScheduleInput> = SCHEDULES) {
  return defineApp({
    about: { name: 'Clock', summary: 'Ticks on a schedule.', audience: 'The schedule tests.' },
    roles: { member: { signUp: true }, admin: { admin: true } },
    entities: { ticks },
    actions: { tick },
    schedules,
  });
}

export default clockApp();
