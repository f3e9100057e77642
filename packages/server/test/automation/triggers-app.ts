/**
 * A small app for the trigger tests: cards move todo → doing → done, and triggers act on
 * them — a queued action that logs each new card (and fails while the test says so), a
 * queued transition that finishes an `auto` card, an inline action that refuses a card
 * named "explode", and two inline triggers that start each other on a `loop` card.
 */
import { action, and, caller, callerIs, defineApp, entity, eq, f, field } from '@ninefold/spec';

/** How many more times `writeLog` fails before it works (a test sets it). */
export const flaky = { failures: 0, runs: 0 };

const cards = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    owner: f.ref('users', { default: caller('id'), readOnly: true }),
    auto: f.boolean({ default: false }),
    loop: f.boolean({ default: false }),
  },
  states: {
    field: 'status',
    initial: 'todo',
    states: { todo: {}, doing: {}, done: {} },
    transitions: {
      start: { from: 'todo', to: 'doing', who: { member: callerIs('owner') } },
      back: { from: 'doing', to: 'todo', who: { member: callerIs('owner') } },
      finish: { from: 'doing', to: 'done', who: { admin: true } },
    },
  },
  access: {
    read: { member: true },
    create: { member: { fields: ['title', 'auto', 'loop'] } },
    delete: { member: callerIs('owner') },
  },
});

const logs = entity({
  title: 'note',
  fields: { card: f.text({ min: 1, max: 80 }), note: f.text({ min: 1, max: 80 }) },
  access: { read: { member: true } },
});

const writeLog = action({
  who: { admin: true },
  input: { cardId: f.text({ min: 1, max: 80 }), note: f.text({ min: 1, max: 80 }) },
  output: {},
  handler: async ({ input, elevated }) => {
    flaky.runs += 1;
    if (flaky.failures > 0) {
      flaky.failures -= 1;
      throw new Error('The log is down.');
    }
    await elevated.create('logs', { card: input.cardId, note: input.note });
    return {};
  },
});

const refuse = action({
  who: { admin: true },
  input: {},
  output: {},
  errors: ['EXPLODED'],
  handler: async ({ fail }) => fail('EXPLODED'),
});

export default defineApp({
  about: { name: 'Cards', summary: 'Cards on a board.', audience: 'The trigger tests.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  errors: { EXPLODED: { status: 409, message: 'This card explodes.' } },
  entities: { cards, logs },
  actions: { writeLog, refuse },
  triggers: {
    logCard: {
      on: { entity: 'cards', op: 'create' },
      action: { name: 'writeLog', input: { cardId: field('id'), note: field('title') } },
      run: 'job',
    },
    autoFinish: {
      on: { entity: 'cards', transition: 'start', when: eq('auto', true) },
      transition: { name: 'finish' },
      run: 'job',
    },
    explode: {
      on: { entity: 'cards', op: 'create', when: eq('title', 'explode') },
      action: { name: 'refuse' },
    },
    ping: {
      on: { entity: 'cards', transition: 'start', when: eq('loop', true) },
      transition: { name: 'back' },
    },
    pong: {
      on: { entity: 'cards', transition: 'back', when: and(eq('loop', true), eq('auto', false)) },
      transition: { name: 'start' },
    },
  },
});
