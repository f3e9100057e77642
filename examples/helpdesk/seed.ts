/**
 * Demo data for the helpdesk: five accounts, the Support team, a dozen tickets with two weeks
 * of history and a small knowledge base. Used by `ninefold start --demo` (what `npm start`
 * runs) and `ninefold seed`; a production start never seeds.
 */
import { type Caller, type Core, createCore, setPassword } from '@ninefold/server';
import { DEMO_ARTICLES } from './demo-articles';
import type { DemoStep, Persona } from './demo-script';
import { ALICE_TICKETS } from './demo-tickets-alice';
import { BOB_TICKETS } from './demo-tickets-bob';

// Filed in the order they happened, so the open-ticket limit is checked as it would have been.
const DEMO_TICKETS = [...ALICE_TICKETS, ...BOB_TICKETS].sort((a, b) => b.daysAgo - a.daysAgo);

/** The one password of every demo account; fine for a demo, never for production. */
export const DEMO_PASSWORD = 'demo-password-1';

/**
 * The demo accounts, printed by `ninefold start --demo`.
 * @example DEMO_ACCOUNTS.find((a) => a.role === 'admin')?.email // 'admin@helpdesk.test'
 */
export const DEMO_ACCOUNTS: readonly {
  readonly key: Persona;
  readonly email: string;
  readonly name: string;
  readonly role: 'admin' | 'agent' | 'customer';
}[] = [
  { key: 'admin', email: 'admin@helpdesk.test', name: 'Morgan Reyes', role: 'admin' },
  { key: 'agent', email: 'agent@helpdesk.test', name: 'Priya Natarajan', role: 'agent' },
  { key: 'agent2', email: 'agent2@helpdesk.test', name: 'Tom Becker', role: 'agent' },
  { key: 'alice', email: 'alice@helpdesk.test', name: 'Alice Moreau', role: 'customer' },
  { key: 'bob', email: 'bob@helpdesk.test', name: 'Bob Okafor', role: 'customer' },
];

export interface SeedOptions {
  /** The moment the demo "is"; its history is laid out over the month before. Default: the core's clock. */
  readonly now?: Date;
  /** Seed a database that already has users, as long as no demo email is taken (`ninefold seed --force`). */
  readonly force?: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Seeds the demo data, or answers false without writing anything when the database already
 * has users (with `force`: when a demo account already exists).
 * @example
 * const nf = await createNinefold(app, { database: ':memory:' });
 * await seedHelpdesk(nf.core); // true
 * await seedHelpdesk(nf.core); // false: there are users now
 */
export async function seedHelpdesk(core: Core, options: SeedOptions = {}): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const query = core.db.qb.selectFrom('users').select('id').limit(1);
  const taken = await core.db.all(options.force ? query.where('email', 'in', emails) : query);
  if (taken.length > 0) return false;

  const end = (options.now ?? core.now()).getTime();
  // Each write gets its own moment, so createdAt, dueAt, resolvedAt and the audit log tell
  // a believable story (some tickets overdue, one past its reopen window).
  const at = (t: number) => createCore(core.app, core.db, { now: () => new Date(t) });
  const people = new Map<Persona, Caller>();
  const person = (key: Persona) => people.get(key)!;

  let t = end - 30 * DAY;
  const addUser = async (account: (typeof DEMO_ACCOUNTS)[number], team?: string) => {
    t += HOUR;
    const data = { email: account.email, name: account.name, role: account.role, ...(team ? { team } : {}) };
    const user = await at(t).create(null, 'users', data, true);
    await setPassword(core.db, String(user.id), DEMO_PASSWORD, new Date(t));
    people.set(account.key, { id: String(user.id), role: account.role, email: account.email });
  };
  const [admin, ...others] = DEMO_ACCOUNTS;
  await addUser(admin!);
  t += HOUR;
  const support = await at(t).create(person('admin'), 'teams', {
    name: 'Support',
    description: 'First-line support: triages every new ticket and answers most of them.',
  });
  for (const account of others)
    await addUser(account, account.role === 'agent' ? String(support.id) : undefined);

  for (const [i, article] of DEMO_ARTICLES.entries()) {
    await at(end - (20 - 2 * i) * DAY).create(person('admin'), 'articles', article);
  }

  for (const ticket of DEMO_TICKETS) {
    let when = end - ticket.daysAgo * DAY;
    const created = await at(when).create(person(ticket.requester), 'tickets', ticket.fields);
    for (const step of ticket.steps) {
      when += step.hours * HOUR;
      await playStep(at(when), person, String(created.id), String(support.id), step);
    }
  }
  return true;
}

/** One step of a ticket's script, as the persona it names. */
async function playStep(
  core: Core,
  person: (key: Persona) => Caller,
  ticket: string,
  team: string,
  step: DemoStep,
): Promise<void> {
  const who = person(step.as);
  if (step.kind === 'comment') {
    await core.create(who, 'comments', {
      ticket,
      body: step.body,
      ...(step.internal ? { internal: true } : {}),
    });
  } else if (step.kind === 'rate') {
    await core.update(who, 'tickets', ticket, { satisfaction: step.satisfaction });
  } else {
    const { assignee, resolution } = step.input;
    const input = {
      ...(assignee ? { assignee: person(assignee).id, team } : {}),
      ...(resolution ? { resolution } : {}),
    };
    await core.transition(who, 'tickets', ticket, step.name, input);
  }
}

export default seedHelpdesk;
