/**
 * A small clinic, for what the helpdesk cannot show: a field one role may never read
 * (reception never sees a visit's `notes`), a read rule on a field that role may not read
 * (an `archived` visit leaves reception's view), and actions that try to read or hand back
 * what the caller may not see; and an auditor, an admin role that may not read the notes
 * either. Served on a loopback port for realtime, signed-in users made
 * directly (see session-user.ts).
 */
import type { AddressInfo } from 'node:net';
import { action, defineApp, entity, eq, f } from '@ninefold/spec';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { sessionUser } from '../realtime/session-user';
import { freshDatabase } from '../test-databases';

const visits = entity({
  fields: {
    patient: f.text({ min: 1, max: 80 }),
    slot: f.text({ min: 1, max: 40 }),
    notes: f.longText({ max: 2000, optional: true }),
    archived: f.boolean({ default: false }),
  },
  access: {
    read: {
      doctor: true,
      reception: { where: eq('archived', false), fields: ['patient', 'slot'] },
      // An admin role kept from the notes: the audit log is judged by its fields too.
      auditor: { fields: ['patient', 'slot', 'archived'] },
    },
    create: { doctor: true, reception: { fields: ['patient', 'slot'] } },
    update: { doctor: true, reception: { fields: ['slot'] } },
  },
});

const visitId = f.ref('visits');
const both = { doctor: true, reception: true } as const;

/** A visit's notes through `records`: the caller's own view, the default. */
const visitNotes = action({
  who: both,
  input: { visitId },
  output: { patient: f.text(), notes: f.longText({ optional: true }) },
  handler: async ({ input, records, fail }) => {
    const visit = await records.get('visits', input.visitId);
    if (!visit) return fail('NOT_FOUND');
    return { patient: String(visit.patient), notes: (visit.notes as string | undefined) ?? null };
  },
});

/** The same through `elevated`: reading as the system, chosen in so many words. */
const visitNotesAsSystem = action({
  who: both,
  input: { visitId },
  output: { patient: f.text(), notes: f.longText({ optional: true }) },
  handler: async ({ input, elevated, fail }) => {
    const visit = await elevated.get('visits', input.visitId);
    if (!visit) return fail('NOT_FOUND');
    return { patient: String(visit.patient), notes: (visit.notes as string | undefined) ?? null };
  },
});

/** Every visit `records.list` gives the caller, and how many came with their notes. */
const listedNotes = action({
  who: both,
  input: {},
  output: { seen: f.integer(), withNotes: f.integer() },
  handler: async ({ records }) => {
    const items = await records.list('visits', { limit: 100 });
    return { seen: items.length, withNotes: items.filter((v) => 'notes' in v).length };
  },
});

/** Visits grouped by their notes: a way to read a hidden field's values, if it were let. */
const notesTally = action({
  who: both,
  input: {},
  output: { byNotes: f.map(f.integer()) },
  handler: async ({ records }) => ({ byNotes: await records.countBy('visits', 'notes') }),
});

/**
 * Moves the visit (a write), then answers as `ending` says: within its declared output, or
 * with the notes it read as the system added, a value of the wrong type, or nothing at all.
 */
const moveVisit = action({
  who: both,
  input: { visitId, ending: f.enum(['declared', 'extra', 'wrongType', 'missing']) },
  output: { patient: f.text() },
  handler: async ({ input, records, elevated }) => {
    await records.update('visits', input.visitId, { slot: 'Moved by the action' });
    const visit = (await elevated.get('visits', input.visitId))!;
    const patient = String(visit.patient);
    if (input.ending === 'extra') return { patient, notes: visit.notes } as never;
    if (input.ending === 'wrongType') return { patient: 42 } as never;
    if (input.ending === 'missing') return {} as never;
    return { patient };
  },
});

export const clinic = defineApp({
  about: { name: 'Clinic', summary: 'Visits, and notes only doctors read.', audience: 'Tests.' },
  roles: { doctor: {}, reception: {}, auditor: { admin: true } },
  entities: { visits },
  actions: { visitNotes, visitNotesAsSystem, listedNotes, notesTally, moveVisit },
});

export interface Clinic {
  readonly nf: Ninefold;
  readonly port: number;
  readonly settle: Settle;
  readonly doctor: TestUser;
  readonly reception: TestUser;
  readonly auditor: TestUser;
  /** The server's error log, a parsed line each. */
  readonly errors: Record<string, any>[];
  close(): Promise<void>;
}

/**
 * The clinic on a fresh database of the dialect, listening, with a doctor and a receptionist.
 * @example const c = await startClinic('sqlite'); … await c.close();
 */
export async function startClinic(dialect: DialectName): Promise<Clinic> {
  const tdb = await freshDatabase(dialect);
  const errors: Record<string, any>[] = [];
  const stream = { write: (line: string) => void errors.push(JSON.parse(line)) };
  const nf = await createNinefold(clinic, { database: tdb.url, logger: { level: 'error', stream } });
  await nf.server.listen({ port: 0, host: '127.0.0.1' });
  const port = (nf.server.server.address() as AddressInfo).port;
  return {
    nf,
    port,
    settle: await busSettler(nf),
    errors,
    doctor: await sessionUser(nf, 'doctor', 'Doctor'),
    reception: await sessionUser(nf, 'reception', 'Reception'),
    auditor: await sessionUser(nf, 'auditor', 'Auditor'),
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}
