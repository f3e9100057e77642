/**
 * A small app for the timer tests: loans go out with a due time anyone may change. Two
 * hours past it a loan lapses by itself (unless it is on hold: a precondition), and
 * WRITE_OFF_DAYS after it lapsed — counted from when it entered `overdue`, no field — it is
 * written off; half an hour before it is due, a timed trigger logs a reminder while the loan
 * is not on hold. Its amounts are a constant and a field (`graceHours`).
 */
import { action, constant, defineApp, entity, eq, f, field } from '@ninefold/spec';

const loans = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    dueAt: f.datetime({ optional: true }),
    hold: f.boolean({ default: false }),
    graceHours: f.integer({ min: 0, max: 100, default: 2 }),
  },
  states: {
    field: 'status',
    initial: 'out',
    states: { out: {}, overdue: {}, returned: {}, lost: {} },
    transitions: {
      lapse: {
        from: 'out',
        to: 'overdue',
        who: { admin: true },
        after: { since: 'dueAt', hours: field('graceHours') },
        requires: [{ check: eq('hold', false), error: 'ON_HOLD' }],
      },
      writeOff: {
        from: 'overdue',
        to: 'lost',
        who: { admin: true },
        after: { days: constant('WRITE_OFF_DAYS') },
      },
      giveBack: { from: ['out', 'overdue'], to: 'returned', who: { member: true } },
      lend: { from: ['returned', 'lost'], to: 'out', who: { member: true } },
    },
  },
  access: {
    read: { member: true },
    create: { member: { fields: ['title', 'dueAt', 'hold', 'graceHours'] } },
    update: { member: { fields: ['title', 'dueAt', 'hold', 'graceHours'] } },
  },
});

const logs = entity({
  title: 'note',
  fields: { loan: f.text({ min: 1, max: 80 }), note: f.text({ min: 1, max: 80 }) },
  access: { read: { member: true } },
});

const writeLog = action({
  who: { admin: true },
  input: { loanId: f.text({ min: 1, max: 80 }), note: f.text({ min: 1, max: 80 }) },
  output: {},
  handler: async ({ input, elevated }) => {
    await elevated.create('logs', { loan: input.loanId, note: input.note });
    return {};
  },
});

export default defineApp({
  about: { name: 'Loans', summary: 'Things lent out.', audience: 'The timer tests.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  constants: { WRITE_OFF_DAYS: { value: 10 } },
  errors: { ON_HOLD: { status: 409, message: 'This loan is on hold.' } },
  entities: { loans, logs },
  actions: { writeLog },
  triggers: {
    remindDue: {
      on: { entity: 'loans', after: { since: 'dueAt', minutes: -30 }, when: eq('hold', false) },
      action: { name: 'writeLog', input: { loanId: field('id'), note: field('title') } },
    },
  },
});
