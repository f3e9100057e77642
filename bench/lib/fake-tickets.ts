/**
 * Realistic helpdesk tickets for seeding: subjects and descriptions from a phrase pool,
 * priorities and categories in plausible proportions, and a life cycle that depends on age
 * (old tickets are closed, recent ones are still new, open or pending).
 */
import type { Prng } from './prng';
import { uuid7At } from './prng';

const SUBJECTS = [
  'Cannot sign in after password reset',
  'Invoice shows the wrong VAT number',
  'Export to CSV times out',
  'Charged twice this month',
  'Two-factor codes are not accepted',
  'Dashboard loads very slowly',
  'Please close my account',
  'Webhook deliveries failing with 500',
  'How do I add a second admin?',
  'Mobile app crashes on start',
  'Refund for the annual plan',
  'Emails from you land in spam',
  'API rate limit seems too low',
  'Search does not find older records',
  'Change the billing address',
] as const;

const SENTENCES = [
  'This started yesterday afternoon and it happens every time.',
  'I have tried another browser and cleared the cache, with the same result.',
  'Our whole team is affected, so this is blocking us.',
  'The error message says something went wrong and to try again later.',
  'Could you look into it and tell me what to do next?',
  'I attached nothing because the upload button does not respond either.',
  'We are on the business plan and have been customers for three years.',
  'It worked fine until the last update.',
  'Please let me know if you need the account number or more details.',
  'This is the second time I write about this issue.',
  'Our finance department needs this sorted before the end of the month.',
  'The numbers in the report do not match what we see in the app.',
] as const;

const TAGS = ['login', 'billing', 'bug', 'mobile', 'api', 'export', 'vip', 'refund', 'email', 'ui'] as const;
const SLA_HOURS = { urgent: 4, high: 24, normal: 72, low: 120 } as const;
const HOUR = 3_600_000;

/** The ticket columns, in insert order. */
export const TICKET_COLUMNS = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'subject',
  'description',
  'priority',
  'category',
  'requester',
  'assignee',
  'team',
  'dueAt',
  'tags',
  'resolution',
  'resolvedAt',
  'satisfaction',
  'status',
] as const;

/** Who tickets can belong to. */
export interface People {
  readonly customers: readonly string[];
  readonly agents: readonly string[];
  readonly teams: readonly string[];
}

function lifeCycle(rng: Prng, recency: number): string {
  // The newest 2% of tickets are still being worked on; the rest have run their course.
  if (recency > 0.98) return rng.weighted({ new: 30, open: 40, pending: 20, resolved: 10 });
  return rng.weighted({ closed: 80, resolved: 8, cancelled: 12 });
}

function description(rng: Prng): string {
  const n = rng.int(1, 5);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(rng.pick(SENTENCES));
  return parts.join(' ');
}

function tags(rng: Prng): string {
  const n = rng.weighted({ '0': 40, '1': 35, '2': 20, '3': 5 });
  const out = new Set<string>();
  for (let i = 0; i < Number(n); i++) out.add(rng.pick(TAGS));
  return JSON.stringify([...out]);
}

/**
 * The row of ticket `i` of `count`, created at `createdMs` (callers pass increasing times).
 * @example const row = fakeTicket(rng, people, 0, 1_000_000, Date.now());
 */
export function fakeTicket(
  rng: Prng,
  people: People,
  i: number,
  count: number,
  createdMs: number,
): unknown[] {
  const status = lifeCycle(rng, i / count);
  const priority = rng.weighted({ low: 20, normal: 50, high: 22, urgent: 8 });
  const created = new Date(createdMs).toISOString();
  const handled = status !== 'new' && status !== 'cancelled';
  const done = status === 'resolved' || status === 'closed';
  const resolvedMs = createdMs + rng.int(1, 96) * HOUR;
  const resolvedAt = done ? new Date(resolvedMs).toISOString() : null;
  return [
    uuid7At(createdMs, () => rng.next()),
    created,
    resolvedAt ?? created,
    done ? 4 : handled ? 2 : 1,
    `${rng.pick(SUBJECTS)} (#${i + 1})`,
    description(rng),
    priority,
    rng.weighted({ billing: 30, technical: 40, account: 20, other: 10 }),
    rng.pick(people.customers),
    handled ? rng.pick(people.agents) : null,
    handled && rng.next() < 0.6 ? rng.pick(people.teams) : null,
    new Date(createdMs + SLA_HOURS[priority] * HOUR).toISOString(),
    tags(rng),
    done ? 'Fixed on our side; please confirm it works for you now.' : null,
    resolvedAt,
    status === 'closed' && rng.next() < 0.5 ? rng.int(1, 5) : null,
    status,
  ];
}
