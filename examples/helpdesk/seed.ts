/**
 * Demo data for the helpdesk: five accounts, the Support team, a dozen tickets with two weeks
 * of history and a small knowledge base. Used by `ninefold start --demo` and `ninefold dev`
 * (what `npm start` and `npm run dev` run) and `ninefold seed`; a production start never seeds.
 */
import { defineSeed, type SeedContext, type SeedUser } from '@ninefold/server';
import type { TransitionName } from '@ninefold/spec';
import app from './app';
import { DEMO_ARTICLES } from './demo-articles';
import type { DemoStep, Persona } from './demo-script';
import { ALICE_TICKETS } from './demo-tickets-alice';
import { BOB_TICKETS } from './demo-tickets-bob';

type Helpdesk = typeof app;

// Filed in the order they happened, so the open-ticket limit is checked as it would have been.
const DEMO_TICKETS = [...ALICE_TICKETS, ...BOB_TICKETS].sort((a, b) => b.daysAgo - a.daysAgo);

/** The one password of every demo account; fine for a demo, never for production. */
export const DEMO_PASSWORD = 'demo-password-1';

/**
 * The demo accounts, printed by `ninefold start --demo`.
 * @example DEMO_ACCOUNTS.find((a) => a.role === 'admin')?.email // 'admin@helpdesk.test'
 */
export const DEMO_ACCOUNTS = [
  { key: 'admin', email: 'admin@helpdesk.test', name: 'Morgan Reyes', role: 'admin' },
  { key: 'agent', email: 'agent@helpdesk.test', name: 'Priya Natarajan', role: 'agent' },
  { key: 'agent2', email: 'agent2@helpdesk.test', name: 'Tom Becker', role: 'agent' },
  { key: 'alice', email: 'alice@helpdesk.test', name: 'Alice Moreau', role: 'customer' },
  { key: 'bob', email: 'bob@helpdesk.test', name: 'Bob Okafor', role: 'customer' },
] as const satisfies readonly { key: Persona; email: string; name: string; role: string }[];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Seeds the demo data, or answers false without writing anything when the database already
 * has users (with `force`: when a demo account already exists). Each write gets its own
 * moment, so createdAt, dueAt, resolvedAt and the audit log tell a believable story (some
 * tickets overdue, one past its reopen window).
 * @example
 * const nf = await createNinefold(app, { database: ':memory:' });
 * await seedHelpdesk(nf.core); // true
 * await seedHelpdesk(nf.core); // false: there are users now
 */
export const seedHelpdesk = defineSeed(app, {
  password: DEMO_PASSWORD,
  accounts: DEMO_ACCOUNTS,
  // The people join a month before the demo's moment; their tickets come after.
  accountsAt: (now) => now.getTime() - 30 * DAY,
  async run(ctx) {
    const end = ctx.now.getTime();
    const person = (key: Persona) => ctx.accounts[key];
    const { admin } = ctx.accounts;
    const start = ctx.at(end - 30 * DAY + HOUR);
    const support = await start.as(admin).create('teams', {
      name: 'Support',
      description: 'First-line support: triages every new ticket and answers most of them.',
    });
    for (const agent of [ctx.accounts.agent, ctx.accounts.agent2])
      await start.as(admin).update('users', agent.id, { team: support.id });

    for (const [i, article] of DEMO_ARTICLES.entries()) {
      await ctx
        .at(end - (20 - 2 * i) * DAY)
        .as(admin)
        .create('articles', article);
    }

    for (const ticket of DEMO_TICKETS) {
      let when = end - ticket.daysAgo * DAY;
      const created = await ctx
        .at(when)
        .as(person(ticket.requester))
        .create('tickets', {
          ...ticket.fields,
          tags: [...ticket.fields.tags],
        });
      for (const step of ticket.steps) {
        when += step.hours * HOUR;
        await playStep(ctx.at(when), person, created.id, support.id, step);
      }
    }
  },
});

/** One step of a ticket's script, as the persona it names. */
async function playStep(
  ctx: SeedContext<Helpdesk>,
  person: (key: Persona) => SeedUser<Helpdesk>,
  ticket: string,
  team: string,
  step: DemoStep,
): Promise<void> {
  const who = ctx.as(person(step.as));
  if (step.kind === 'comment') {
    await who.create('comments', { ticket, body: step.body, ...(step.internal ? { internal: true } : {}) });
  } else if (step.kind === 'rate') {
    await who.update('tickets', ticket, { satisfaction: step.satisfaction });
  } else {
    const { assignee, resolution } = step.input;
    const input = {
      ...(assignee ? { assignee: person(assignee).id, team } : {}),
      ...(resolution ? { resolution } : {}),
    };
    await who.transition('tickets', ticket, step.name as TransitionName<Helpdesk, 'tickets'>, input as never);
  }
}

export default seedHelpdesk;
