/**
 * Patients' birth dates over real HTTP, on every dialect: a calendar date with no time, that
 * must exist and may not lie after today on the clinic's wall clock.
 */
import { testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClinicTest, openClinic, refusedUnchanged } from './clinic-harness';

describe.each(testDialects())('patients on %s', (dialect) => {
  let c: ClinicTest;
  beforeAll(async () => {
    c = await openClinic(dialect);
  });
  afterAll(() => c[Symbol.asyncDispose]());

  it.each(['2000-02-29', '2001-02-28', '1957-12-31'])(
    'keeps the birth date %s as it was written',
    async (birthDate) => {
      const p = await c.desk.create('patients', { name: 'Elena Weber', birthDate });
      expect(p.birthDate).toBe(birthDate);
      expect((await c.desk.get('patients', p.id)).birthDate).toBe(birthDate);
      expect(
        (await c.desk.list('patients', { where: { birthDate }, limit: 100 })).items.map((x) => x.id),
      ).toContain(p.id);
    },
  );

  it.each([
    '2001-02-30',
    '1900-02-29',
    '2001-13-01',
    '2001-2-3',
    'yesterday',
    '2001-02-28T00:00:00Z',
    20010228,
  ])('refuses the birth date %j', async (birthDate) => {
    const r = await refusedUnchanged(
      c,
      () => c.desk.create('patients', { name: 'Elena Weber', birthDate: birthDate as string }),
      'VALIDATION_FAILED',
    );
    expect(r.status).toBe(422);
    expect(r.fieldErrors.map((e) => e.path)).toEqual(['birthDate']);
  });

  it('refuses a change to a date that does not exist', async () => {
    const r = await refusedUnchanged(
      c,
      () => c.desk.update('patients', c.otherPatientId, { birthDate: '2015-02-29' }),
      'VALIDATION_FAILED',
    );
    expect(r.fieldErrors.map((e) => e.path)).toEqual(['birthDate']);
  });

  it('refuses a birth after today, where today is the date in Zurich', async () => {
    // 07:00Z on Monday 2 March: Tuesday is tomorrow.
    await refusedUnchanged(
      c,
      () => c.desk.create('patients', { name: 'Not Yet Born', birthDate: '2026-03-03' }),
      'VALIDATION_FAILED',
    );
    expect((await c.desk.create('patients', { name: 'Born Today', birthDate: '2026-03-02' })).birthDate).toBe(
      '2026-03-02',
    );
    // 23:30Z is already half past midnight on Tuesday in Zurich, though still Monday in UTC.
    c.t.clock.set('2026-03-02T23:30:00Z');
    try {
      const p = await c.desk.create('patients', { name: 'Born After Midnight', birthDate: '2026-03-03' });
      expect(p.birthDate).toBe('2026-03-03');
    } finally {
      c.t.clock.set('2026-03-02T07:00:00Z');
    }
  });
});
