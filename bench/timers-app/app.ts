/**
 * The timers benchmark's app: reminders that fire by themselves at their `fireAt` (a timed
 * transition, taken by the system), and an action that files many reminders in one write,
 * so 10,000 of them are seeded through the core — planned by the write, as an app plans
 * them — in seconds. `ninefold start bench/timers-app` serves it like any app.
 */
import { action, defineApp, entity, f } from '@ninefold/spec';

/** The most reminders one `fileReminders` call files (one transaction). */
export const FILE_BATCH_MAX = 1000;

const reminders = entity({
  label: 'Reminders',
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80, label: 'Title' }),
    fireAt: f.datetime({ label: 'Fires at' }),
  },
  states: {
    field: 'status',
    initial: 'waiting',
    states: {
      waiting: { label: 'Waiting' },
      fired: { label: 'Fired', final: true },
    },
    transitions: {
      // The timer takes it, as the system, when `fireAt` comes; an admin may also by hand.
      fire: { from: 'waiting', to: 'fired', who: { admin: true }, after: { since: 'fireAt', minutes: 0 } },
    },
  },
  access: {
    read: { member: true },
    create: { member: true },
  },
  // The benchmark counts fired reminders while they fire.
  indexes: [['status']],
});

const fileReminders = action({
  label: 'File reminders',
  description: 'Files `count` reminders that all fire at `fireAt`, in one write.',
  who: { member: true },
  input: {
    count: f.integer({ min: 1, max: FILE_BATCH_MAX }),
    fireAt: f.datetime(),
    from: f.integer({ min: 0 }),
  },
  output: { filed: f.integer() },
  handler: async ({ input: { count, fireAt, from }, records }) => {
    for (let i = 0; i < count; i++) {
      await records.create('reminders', { title: `Reminder ${from + i}`, fireAt });
    }
    return { filed: count };
  },
});

/**
 * @example const nf = await createNinefold(timersApp, { database: ':memory:', jobs: { manual: true } });
 */
const timersApp = defineApp({
  about: {
    name: 'Timers bench',
    summary: 'Reminders that fire by themselves, many at the same moment.',
    audience: 'The benchmark.',
  },
  roles: {
    member: { label: 'Member', signUp: true },
    admin: { label: 'Admin', admin: true },
  },
  entities: { reminders },
  actions: { fileReminders },
});

export default timersApp;
