/**
 * The clinic for black-box tests: the app on a fresh database of one dialect, served on a
 * loopback port, with a receptionist, a doctor and a patient who can sign in, and what a test
 * needs to judge a refusal: the error it was, and whether anything changed underneath.
 */
import type { DialectName } from '@ninefold/server';
import { createTestApp, type TestApp, type TestClient } from '@ninefold/testing';
import { expect } from 'vitest';
import app from '../app';

export type Clinic = typeof app;

/** The moment the tests' clock stands at: a Monday morning in winter, before every slot they book. */
export const TEST_NOW = '2026-03-02T07:00:00.000Z';

/** The most an invoice may total, as the spec declares it. */
export const MAX_INVOICE_CENTS = Number(app.constants.MAX_INVOICE_CENTS?.value);

/** A clinic running for a test, with its people. */
export interface ClinicTest extends AsyncDisposable {
  readonly t: TestApp<Clinic>;
  readonly desk: TestClient<Clinic>;
  /** A doctor who signs in, and their record. */
  readonly drClient: TestClient<Clinic>;
  readonly doctorId: string;
  /** A second doctor, who never signs in. */
  readonly otherDoctorId: string;
  /** A patient who signs in, and their record. */
  readonly patientClient: TestClient<Clinic>;
  readonly patientId: string;
  /** A patient without a sign-in. */
  readonly otherPatientId: string;
}

/**
 * Starts the clinic on a fresh database of `dialect` with its people in place.
 * @example await using c = await openClinic('sqlite'); await c.desk.list('appointments');
 */
export async function openClinic(dialect: DialectName): Promise<ClinicTest> {
  const t = await createTestApp(app, { database: dialect, clock: TEST_NOW });
  const desk = await t.clientAs('receptionist');
  const drClient = await t.clientAs('doctor', { name: 'Dr. Huber' });
  const patientClient = await t.clientAs('patient', { name: 'Anna Baumann' });
  const doctor = await desk.create('doctors', { name: 'Dr. Huber', account: drClient.user!.id });
  const other = await desk.create('doctors', { name: 'Dr. Meier' });
  const patient = await desk.create('patients', {
    name: 'Anna Baumann',
    birthDate: '1984-06-12',
    account: patientClient.user!.id,
  });
  const otherPatient = await desk.create('patients', { name: 'Marc Rossi', birthDate: '2015-11-03' });
  return {
    t,
    desk,
    drClient,
    doctorId: doctor.id,
    otherDoctorId: other.id,
    patientClient,
    patientId: patient.id,
    otherPatientId: otherPatient.id,
    [Symbol.asyncDispose]: () => t.close(),
  };
}

const TABLES = ['doctors', 'patients', 'appointments', 'invoices', 'invoiceLines', 'nf_audit'] as const;

/**
 * Every row of the clinic's tables and its audit log, read from the database itself: equal
 * before and after a refused write when the refusal changed nothing.
 * @example const before = await snapshot(c.t); …; expect(await snapshot(c.t)).toEqual(before);
 */
export async function snapshot(t: TestApp<Clinic>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = await t.db.all(t.db.qb.selectFrom(table).selectAll().orderBy('id'));
  }
  return out;
}

/** What a refused call was: its catalogue code, status, params and failing fields. */
export interface Refusal {
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, unknown>;
  readonly fieldErrors: readonly { readonly path: string; readonly code: string }[];
}

/**
 * The refusal a call ends in; fails the test when the call succeeds or fails otherwise.
 * @example expect((await refusal(desk.create('appointments', slot))).code).toBe('SLOT_TAKEN');
 */
export async function refusal(call: Promise<unknown>): Promise<Refusal> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  const e = outcome.error as Partial<Refusal> & { name?: string };
  expect(e.name, String(outcome.error)).toBe('NinefoldError');
  return {
    code: String(e.code),
    status: Number(e.status),
    params: (e.params ?? {}) as Record<string, unknown>,
    fieldErrors: e.fieldErrors ?? [],
  };
}

/**
 * Refused with `code`, and nothing in the database changed.
 * @example await refusedUnchanged(c, () => c.desk.create('appointments', late), 'OUTSIDE_OPENING_HOURS');
 */
export async function refusedUnchanged(
  c: ClinicTest,
  call: () => Promise<unknown>,
  code: string,
): Promise<Refusal> {
  const before = await snapshot(c.t);
  const r = await refusal(call());
  expect(r.code).toBe(code);
  expect(await snapshot(c.t)).toEqual(before);
  return r;
}

/**
 * How a batch of racing calls ended: the values of those that succeeded, the codes of the others.
 * @example const { ok, codes } = await race(Array.from({ length: 10 }, () => () => book()));
 */
export async function race<T>(calls: readonly (() => Promise<T>)[]): Promise<{ ok: T[]; codes: string[] }> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const ok: T[] = [];
  const codes: string[] = [];
  for (const s of settled) {
    if (s.status === 'fulfilled') ok.push(s.value);
    else codes.push(String((s.reason as { code?: unknown }).code ?? s.reason));
  }
  return { ok, codes };
}
