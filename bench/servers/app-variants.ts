/**
 * The helpdesk as it ships, and the bench-only variants the suites compare it with. Every
 * variant has the same entities and fields, so all of them run on the same database file.
 */
import { type App, allow } from '@ninefold/spec';
import helpdesk from '../../examples/helpdesk/app';

const app: App = helpdesk;
const tickets = app.entities.tickets!;
const machine = tickets.states!;

/** Customers may read every ticket: the same app with the tickets row rule switched off. */
const openReads: App = {
  ...app,
  entities: {
    ...app.entities,
    tickets: {
      ...tickets,
      access: { ...tickets.access, read: { ...tickets.access.read, customer: [{ where: allow() }] } },
    },
  },
};

/**
 * For write throughput: no open-ticket quota and no per-customer write rate (a benchmark
 * creates thousands of tickets a second as one customer), and agents may also `respond`,
 * so an agent can cycle a ticket open → pending → open. Everything else is as shipped.
 */
const benchWrites: App = {
  ...app,
  limits: {
    ...app.limits,
    quotas: {},
    rates: Object.fromEntries(Object.entries(app.limits.rates).filter(([, r]) => r.scope !== 'write')),
  },
  entities: {
    ...app.entities,
    tickets: {
      ...tickets,
      states: {
        ...machine,
        transitions: {
          ...machine.transitions,
          respond: {
            ...machine.transitions.respond!,
            who: { ...machine.transitions.respond!.who, agent: allow() },
          },
        },
      },
    },
  },
};

/** The variants by name, as a child server is told to start one. */
export const APP_VARIANTS = { helpdesk: app, 'open-reads': openReads, 'bench-writes': benchWrites } as const;

/** The name of an app variant. */
export type VariantName = keyof typeof APP_VARIANTS;

/** What each variant changes, for the printed output. */
export const VARIANT_NOTES: Record<VariantName, string> = {
  helpdesk: 'examples/helpdesk/app.ts as shipped',
  'open-reads': 'as shipped, but tickets read for customers is `true` (row rule off)',
  'bench-writes':
    'as shipped, but no open-ticket quota, no customer write rate limit, and agents may `respond`',
};
