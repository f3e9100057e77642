/**
 * Booking appointments over real HTTP, on every dialect: opening hours read on the clinic's
 * wall clock in Europe/Zurich (daylight saving included), one booking per doctor and start
 * unless cancelled, durations from a fixed set. Every refusal answers its catalogue code and
 * leaves the database as it was.
 */
import { testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClinicTest, openClinic, refusal, refusedUnchanged } from './clinic-harness';

type Case = readonly [
  name: string,
  startsAt: string,
  minutes: 15 | 30 | 45 | 60,
  expected: 'booked' | string,
];

// Zurich is UTC+1 until 2026-03-29 02:00 and UTC+2 until 2026-10-25 03:00: the same UTC hour
// is a different wall-clock hour either side of each change.
const CASES: readonly Case[] = [
  ['07:59 on a winter Friday', '2026-03-27T06:59:00Z', 15, 'OUTSIDE_OPENING_HOURS'],
  ['08:00 on a winter Friday', '2026-03-27T07:00:00Z', 30, 'booked'],
  ['17:45 for 15 minutes, ending at 18:00', '2026-03-27T16:45:00Z', 15, 'booked'],
  ['17:00 for 60 minutes, ending at 18:00', '2026-03-27T16:00:00Z', 60, 'booked'],
  ['17:30 for 45 minutes, ending at 18:15', '2026-03-27T16:30:00Z', 45, 'OUTSIDE_OPENING_HOURS'],
  ['18:00 for 15 minutes', '2026-03-27T17:00:00Z', 15, 'OUTSIDE_OPENING_HOURS'],
  ['23:50, ending after midnight', '2026-03-27T22:50:00Z', 15, 'OUTSIDE_OPENING_HOURS'],
  ['a Saturday at 10:00', '2026-03-28T09:00:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
  ['the Sunday clocks go forward, at 09:00', '2026-03-29T07:00:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
  ['06:00Z the Monday after, 08:00 summer time', '2026-03-30T06:00:00Z', 30, 'booked'],
  ['05:59Z the Monday after, 07:59 summer time', '2026-03-30T05:59:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
  ['06:00Z the Friday before, 07:00 winter time', '2026-03-27T06:00:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
  ['15:45Z in summer for 15 minutes, ending at 18:00', '2026-03-30T15:45:00Z', 15, 'booked'],
  ['15:30Z in summer for 45 minutes, ending at 18:15', '2026-03-30T15:30:00Z', 45, 'OUTSIDE_OPENING_HOURS'],
  ['06:00Z the Friday before clocks go back, 08:00', '2026-10-23T06:00:00Z', 30, 'booked'],
  ['06:00Z the Monday after clocks go back, 07:00', '2026-10-26T06:00:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
  ['07:00Z the Monday after clocks go back, 08:00', '2026-10-26T07:00:00Z', 30, 'booked'],
  ['the Sunday clocks go back, at 10:00', '2026-10-25T09:00:00Z', 30, 'OUTSIDE_OPENING_HOURS'],
];

describe.each(testDialects())('appointments on %s', (dialect) => {
  let c: ClinicTest;
  beforeAll(async () => {
    c = await openClinic(dialect);
  });
  afterAll(() => c[Symbol.asyncDispose]());

  const book = (startsAt: string, durationMinutes: number, doctor = c.doctorId, patient = c.patientId) =>
    c.desk.create('appointments', {
      doctor,
      patient,
      startsAt,
      durationMinutes: durationMinutes as 15,
    });

  it.each(CASES)('%s: %s for %i minutes → %s', async (_name, startsAt, minutes, expected) => {
    if (expected === 'booked') {
      const a = await book(startsAt, minutes);
      expect(a).toMatchObject({ status: 'booked', durationMinutes: minutes });
      expect(Date.parse(a.startsAt)).toBe(Date.parse(startsAt));
      return;
    }
    const r = await refusedUnchanged(c, () => book(startsAt, minutes), expected);
    if (expected === 'OUTSIDE_OPENING_HOURS') {
      expect(r.status).toBe(422);
      expect(r.params).toEqual({ opens: '08:00', closes: '18:00' });
    }
  });

  it('judges a move of a booked appointment by the same hours', async () => {
    const a = await book('2026-03-31T07:00:00Z', 30);
    await refusedUnchanged(
      c,
      () => c.desk.update('appointments', a.id, { startsAt: '2026-04-04T08:00:00Z' }),
      'OUTSIDE_OPENING_HOURS',
    );
    // Longer, it would end at 18:15 summer time.
    const late = await book('2026-03-31T15:30:00Z', 15);
    await refusedUnchanged(
      c,
      () => c.desk.update('appointments', late.id, { durationMinutes: 45 }),
      'OUTSIDE_OPENING_HOURS',
    );
    const moved = await c.desk.update('appointments', a.id, { startsAt: '2026-03-31T14:00:00Z' });
    expect(Date.parse(moved.startsAt)).toBe(Date.parse('2026-03-31T14:00:00Z'));
  });

  it('refuses a second booking of a doctor at the same start, however the time is written', async () => {
    const first = await book('2026-04-01T08:00:00Z', 30);
    const taken = await refusedUnchanged(
      c,
      () => book('2026-04-01T08:00:00Z', 15, c.doctorId, c.otherPatientId),
      'SLOT_TAKEN',
    );
    expect(taken.status).toBe(409);
    await refusedUnchanged(c, () => book('2026-04-01T10:00:00+02:00', 15), 'SLOT_TAKEN');
    // Another doctor is free then; the doctor is free a minute later.
    await book('2026-04-01T08:00:00Z', 30, c.otherDoctorId);
    await book('2026-04-01T08:01:00Z', 15);
    // Moving another appointment onto the slot is refused too.
    const other = await book('2026-04-01T09:00:00Z', 30);
    await refusedUnchanged(
      c,
      () => c.desk.update('appointments', other.id, { startsAt: '2026-04-01T08:00:00.000Z' }),
      'SLOT_TAKEN',
    );
    expect(first.status).toBe('booked');
  });

  it('frees the slot when its appointment is cancelled, and only then', async () => {
    const slot = '2026-04-02T12:00:00.000Z';
    const first = await book(slot, 30);
    const done = await c.desk.transition('appointments', first.id, 'cancel', {});
    expect(done.status).toBe('cancelled');
    const again = await book(slot, 45, c.doctorId, c.otherPatientId);
    expect(again.status).toBe('booked');
    await refusedUnchanged(c, () => book(slot, 15), 'SLOT_TAKEN');
    // A done appointment keeps its slot: only cancelling frees it.
    await c.drClient.transition('appointments', again.id, 'complete', {});
    await refusedUnchanged(c, () => book(slot, 15), 'SLOT_TAKEN');
    const rows = await c.t.db.all<{ status: string }>(
      c.t.db.qb
        .selectFrom('appointments')
        .select('status')
        .where('doctor', '=', c.doctorId)
        .where('id', 'in', [first.id, again.id]),
    );
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'done']);
  });

  it.each([20, 0, 90, 30.5, '30'])('refuses a duration of %j', async (minutes) => {
    const r = await refusedUnchanged(
      c,
      () =>
        c.desk.create('appointments', {
          doctor: c.doctorId,
          patient: c.patientId,
          startsAt: '2026-04-03T08:00:00Z',
          durationMinutes: minutes as 15,
        }),
      'VALIDATION_FAILED',
    );
    expect(r.fieldErrors.map((e) => e.path)).toEqual(['durationMinutes']);
  });

  it('refuses a change to a duration outside the choices', async () => {
    const a = await book('2026-04-03T09:00:00Z', 30);
    const r = await refusedUnchanged(
      c,
      () => c.desk.update('appointments', a.id, { durationMinutes: 20 as 15 }),
      'VALIDATION_FAILED',
    );
    expect(r.fieldErrors.map((e) => e.path)).toEqual(['durationMinutes']);
  });

  it('refuses a booking in the past, by the server’s clock', async () => {
    await refusedUnchanged(c, () => book('2026-02-27T10:00:00Z', 30), 'BOOKING_IN_PAST');
  });

  it('shows a patient their own appointments only, and a doctor their own diary', async () => {
    const mine = await book('2026-04-06T07:00:00Z', 30);
    const theirs = await book('2026-04-06T08:00:00Z', 30, c.otherDoctorId, c.otherPatientId);
    const seen = (await c.patientClient.list('appointments', { limit: 100 })).items.map((a) => a.patient);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([c.patientId]));
    expect((await refusal(c.patientClient.get('appointments', theirs.id))).code).toBe('NOT_FOUND');
    const diary = (await c.drClient.list('appointments', { limit: 100 })).items.map((a) => a.doctor);
    expect(new Set(diary)).toEqual(new Set([c.doctorId]));
    expect((await c.patientClient.get('appointments', mine.id)).id).toBe(mine.id);
    // Nor can a patient book.
    await refusedUnchanged(
      c,
      () =>
        c.patientClient.create('appointments', {
          doctor: c.doctorId,
          patient: c.patientId,
          startsAt: '2026-04-06T09:00:00Z',
        }),
      'FORBIDDEN',
    );
  });
});
