/**
 * The clinic's refusals as they travel, on every dialect: each is `application/problem+json`
 * with its catalogue code and status, and none says how it was found out (no SQL, no
 * constraint or index name, no stack), even where the database itself refused the write.
 */
import { testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClinicTest, openClinic } from './clinic-harness';

interface Scenario {
  readonly name: string;
  readonly method: 'POST' | 'PATCH' | 'DELETE';
  readonly url: (c: ClinicTest, ids: Ids) => string;
  readonly body?: (c: ClinicTest) => Record<string, unknown>;
  readonly status: number;
  readonly code: string;
}

interface Ids {
  readonly lockedLine: string;
  readonly emptyInvoice: string;
}

const TAKEN = '2026-04-13T07:00:00.000Z';

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'a taken slot (the database’s unique index)',
    method: 'POST',
    url: () => '/api/entities/appointments',
    body: (c) => ({ doctor: c.doctorId, patient: c.otherPatientId, startsAt: TAKEN }),
    status: 409,
    code: 'SLOT_TAKEN',
  },
  {
    name: 'a Saturday',
    method: 'POST',
    url: () => '/api/entities/appointments',
    body: (c) => ({ doctor: c.doctorId, patient: c.patientId, startsAt: '2026-04-11T08:00:00Z' }),
    status: 422,
    code: 'OUTSIDE_OPENING_HOURS',
  },
  {
    name: 'a duration of 20 minutes',
    method: 'POST',
    url: () => '/api/entities/appointments',
    body: (c) => ({ doctor: c.doctorId, patient: c.patientId, startsAt: TAKEN, durationMinutes: 20 }),
    status: 422,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'the 30th of February',
    method: 'POST',
    url: () => '/api/entities/patients',
    body: () => ({ name: 'Elena Weber', birthDate: '2001-02-30' }),
    status: 422,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'an empty invoice sent',
    method: 'POST',
    url: (_, ids) => `/api/entities/invoices/${ids.emptyInvoice}/transitions/send`,
    body: () => ({}),
    status: 409,
    code: 'INVOICE_EMPTY',
  },
  {
    name: 'a line of a sent invoice deleted',
    method: 'DELETE',
    url: (_, ids) => `/api/entities/invoiceLines/${ids.lockedLine}`,
    status: 409,
    code: 'INVOICE_LOCKED',
  },
  {
    name: 'a line of a sent invoice changed',
    method: 'PATCH',
    url: (_, ids) => `/api/entities/invoiceLines/${ids.lockedLine}`,
    body: () => ({ amountCents: 1 }),
    status: 409,
    code: 'INVOICE_LOCKED',
  },
];

describe.each(testDialects())('refusals on the wire, on %s', (dialect) => {
  let c: ClinicTest;
  let ids: Ids;
  beforeAll(async () => {
    c = await openClinic(dialect);
    await c.desk.create('appointments', { doctor: c.doctorId, patient: c.patientId, startsAt: TAKEN });
    const sent = await c.desk.create('invoices', { reference: 'WIRE-1', patient: c.patientId });
    const line = await c.desk.create('invoiceLines', {
      invoice: sent.id,
      description: 'Visit',
      amountCents: 9_000,
    });
    await c.desk.transition('invoices', sent.id, 'send', {});
    const empty = await c.desk.create('invoices', { reference: 'WIRE-2', patient: c.patientId });
    ids = { lockedLine: line.id, emptyInvoice: empty.id };
  });
  afterAll(() => c[Symbol.asyncDispose]());

  it.each(SCENARIOS)('$name: $status $code, and nothing more', async (s) => {
    const res = await c.t.inject({
      method: s.method,
      url: s.url(c, ids),
      headers: { ...c.desk.headers(), ...(s.body ? { 'content-type': 'application/json' } : {}) },
      ...(s.body ? { payload: JSON.stringify(s.body(c)) } : {}),
    });
    expect(res.statusCode).toBe(s.status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json() as { code: string; status: number };
    expect(body).toMatchObject({ code: s.code, status: s.status });
    expect(res.body).not.toMatch(
      /select |insert |update "|constraint|unique_|ux_|uq_|sqlite|postgres|stack|\bat \w+ \(/i,
    );
  });
});
