import { createTestApp } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import app from './app';
import seed, { DEMO_PASSWORD, weekdayAt } from './seed';

describe('weekdayAt', () => {
  it.each([
    ['2026-03-27T12:00:00Z', 1, 10, '2026-03-30T10:00:00.000Z'],
    ['2026-03-26T12:00:00Z', 1, 8, '2026-03-27T08:00:00.000Z'],
    ['2026-03-28T12:00:00Z', 2, 13, '2026-03-31T13:00:00.000Z'],
  ])('from %s, weekday %i at %i:00Z is %s', (from, n, hour, expected) => {
    expect(weekdayAt(new Date(from), n, hour)).toBe(expected);
  });
});

describe('the clinic’s seed', () => {
  it('passes the spec’s own rules, on a Friday and on a Monday alike', async () => {
    for (const clock of ['2026-03-27T16:00:00Z', '2026-10-26T06:00:00Z']) {
      await using t = await createTestApp(app, { seed, clock });
      const desk = await t.signIn('reception@clinic.test', DEMO_PASSWORD);
      const appointments = (await desk.list('appointments', { limit: 100 })).items;
      expect(appointments.map((a) => a.status).sort()).toEqual(['booked', 'booked', 'cancelled', 'done']);
      const invoices = (await desk.list('invoices', { limit: 100 })).items;
      expect(invoices.map((i) => [i.reference, i.status]).sort()).toEqual([
        ['INV-2001', 'sent'],
        ['INV-2002', 'draft'],
      ]);
    }
  });

  it('lets every demo account sign in, a patient seeing only their own appointments', async () => {
    await using t = await createTestApp(app, { seed });
    for (const account of seed.accounts) {
      const client = await t.signIn(account.email, DEMO_PASSWORD);
      expect(client.user?.role).toBe(account.role);
    }
    const anna = await t.signIn('anna@clinic.test', DEMO_PASSWORD);
    const [mine] = (await anna.list('patients')).items;
    const theirs = (await anna.list('appointments', { limit: 100 })).items;
    expect(theirs.length).toBe(3);
    expect(theirs.every((a) => a.patient === mine?.id)).toBe(true);
  });
});
