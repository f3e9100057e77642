/**
 * Test support for the mail worker: an app with a message of its own and an action that
 * sends it (and, asked to, fails after sending, so its mail must not leave).
 */
import { action, defineApp, entity, f } from '@ninefold/spec';

/**
 * @example await core.action(caller, 'notify', { to: 'ann@example.com', name: 'Ann', fail: false })
 */
export const mailApp = defineApp({
  about: { name: 'Mail tests', summary: 'The mail worker under test.', audience: 'Tests.' },
  roles: { member: { signUp: true }, boss: { admin: true } },
  messages: {
    ticketAnswered: {
      subject: 'Your ticket {ticket} was answered',
      text: 'Hello {name},\n\n{app} answered your ticket {ticket}. Read it here:\n\n{url}',
      params: { ticket: 'number' },
    },
  },
  entities: {
    notes: entity({
      fields: { text: f.text() },
      access: { read: { member: true }, create: { member: true } },
    }),
  },
  actions: {
    notify: action({
      who: { member: true, boss: true },
      input: { to: f.text(), name: f.text(), fail: f.boolean(), message: f.text({ optional: true }) },
      output: { ok: f.boolean() },
      handler: async ({ input, send, fail, records }) => {
        await records.create('notes', { text: `to ${input.to}` });
        send(input.message ?? 'ticketAnswered', input.to, {
          name: input.name,
          ticket: 42,
          url: 'https://app.test/tickets/42',
        });
        if (input.fail) fail('FORBIDDEN');
        return { ok: true };
      },
    }),
  },
});
