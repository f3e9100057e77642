/**
 * The people of the realtime benchmark, made straight in the database: accounts created as
 * the system and sessions started directly (no password hashing, no sign-in), and a few
 * hundred tickets for the agents to work on from the first second.
 */
import { createCore, openDatabase, startSession, syncSchema } from '@ninefold/server';
import app from '../examples/helpdesk/app';

/** The helpdesk's roles. */
export type Role = 'customer' | 'agent' | 'admin';

/** A signed-in member of the benchmark. */
export interface Person {
  readonly id: string;
  readonly role: Role;
  readonly email: string;
  readonly headers: Record<string, string>;
}

/** A seeded ticket: its id and requester. */
export interface SeedTicket {
  readonly id: string;
  readonly requester: string;
}

const CHUNK = 100;

async function inChunks<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK)
    out.push(...(await Promise.all(items.slice(i, i + CHUNK).map(fn))));
  return out;
}

/**
 * Creates the schema, the people (customers first, then agents, then one admin) and
 * `tickets` tickets of random customers, in an SQLite file the server will then open.
 * @example const { people, tickets } = await populate(file, { customers: 900, agents: 99 }, 300);
 */
export async function populate(
  file: string,
  counts: { readonly customers: number; readonly agents: number },
  tickets: number,
): Promise<{ people: Person[]; tickets: SeedTicket[] }> {
  const db = openDatabase(file);
  try {
    await syncSchema(db, app);
    const core = createCore(app, db);
    const roles: Role[] = [
      ...Array<Role>(counts.customers).fill('customer'),
      ...Array<Role>(counts.agents).fill('agent'),
      'admin',
    ];
    const people = await inChunks(
      roles.map((role, i) => ({ role, i })),
      async ({ role, i }) => {
        const email = `rt${i}@bench.example`;
        const user = await core.create(null, 'users', { email, name: `${role} ${i}`, role }, true);
        const id = String(user.id);
        const token = await db.transaction((tx) => startSession(tx, id, new Date()));
        return { id, role, email, headers: { authorization: `Bearer ${token}` } } satisfies Person;
      },
    );
    const customers = people.filter((p) => p.role === 'customer');
    const seeded = await inChunks(
      Array.from({ length: tickets }, (_, i) => customers[i % customers.length]!),
      async (c) => {
        const caller = { id: c.id, role: c.role, email: c.email };
        const t = await core.create(caller, 'tickets', {
          subject: 'Seeded for realtime',
          description: 'Work on me.',
        });
        return { id: String(t.id), requester: c.id };
      },
    );
    return { people, tickets: seeded };
  } finally {
    await db.close();
  }
}
