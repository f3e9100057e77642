/**
 * Demo data for the clinic: a receptionist, two doctors and two patients who can sign in, a
 * week of appointments (one done last week, one cancelled) and two invoices, one sent and one
 * still a draft. Used by `ninefold start --demo`, `ninefold dev` and `ninefold seed`.
 */
import { defineSeed } from '@ninefold/server';
import app from './app';

/** The one password of every demo account; fine for a demo, never for production. */
export const DEMO_PASSWORD = 'demo-password-1';

const DAY = 86_400_000;

/**
 * The `n`th weekday (Monday to Friday) after `from`, at `hour`:00 UTC: between 07:00Z and
 * 15:00Z that is inside the clinic's hours in winter and summer alike.
 * @example weekdayAt(new Date('2026-03-27T12:00:00Z'), 1, 10) // 2026-03-30T10:00:00.000Z (Monday)
 */
export function weekdayAt(from: Date, n: number, hour: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour));
  for (let left = n; left > 0; ) {
    day.setTime(day.getTime() + DAY);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left--;
  }
  return day.toISOString();
}

export default defineSeed(app, {
  password: DEMO_PASSWORD,
  accounts: [
    { key: 'admin', email: 'admin@clinic.test', name: 'Andrea Keller', role: 'admin' },
    { key: 'reception', email: 'reception@clinic.test', name: 'Lena Frei', role: 'receptionist' },
    { key: 'huber', email: 'huber@clinic.test', name: 'Dr. Jonas Huber', role: 'doctor' },
    { key: 'meier', email: 'meier@clinic.test', name: 'Dr. Sara Meier', role: 'doctor' },
    { key: 'anna', email: 'anna@clinic.test', name: 'Anna Baumann', role: 'patient' },
    { key: 'marc', email: 'marc@clinic.test', name: 'Marc Rossi', role: 'patient' },
  ],
  // The practice's people were set up a fortnight before the demo's moment.
  accountsAt: (now) => now.getTime() - 14 * DAY,
  async run(ctx) {
    const { reception, huber, meier, anna, marc } = ctx.accounts;
    const then = ctx.at(ctx.now.getTime() - 14 * DAY);
    const desk = then.as(reception);
    const drHuber = await desk.create('doctors', {
      name: huber.name,
      specialty: 'General practice',
      account: huber.id,
    });
    const drMeier = await desk.create('doctors', {
      name: meier.name,
      specialty: 'Paediatrics',
      account: meier.id,
    });
    const annaP = await desk.create('patients', {
      name: anna.name,
      birthDate: '1984-06-12',
      account: anna.id,
    });
    const marcP = await desk.create('patients', {
      name: marc.name,
      birthDate: '2015-11-03',
      account: marc.id,
    });
    await desk.create('patients', {
      name: 'Elena Weber',
      birthDate: '1957-02-28',
      phone: '+41 44 123 45 67',
    });

    // Last week's visit, booked a fortnight ago and marked done after it.
    const afterwards = ctx.at(ctx.now.getTime() - 4 * DAY);
    const past = await desk.create('appointments', {
      doctor: drHuber.id,
      patient: annaP.id,
      startsAt: weekdayAt(new Date(ctx.now.getTime() - 8 * DAY), 1, 9),
      durationMinutes: 30,
      reason: 'Check-up',
    });
    await afterwards.as(huber).transition('appointments', past.id, 'complete', {});

    const now = ctx.as(reception);
    await now.create('appointments', {
      doctor: drHuber.id,
      patient: annaP.id,
      startsAt: weekdayAt(ctx.now, 1, 8),
      durationMinutes: 15,
      reason: 'Blood test results',
    });
    await now.create('appointments', {
      doctor: drMeier.id,
      patient: marcP.id,
      startsAt: weekdayAt(ctx.now, 2, 13),
      durationMinutes: 45,
      reason: 'Vaccination',
    });
    const cancelled = await now.create('appointments', {
      doctor: drMeier.id,
      patient: annaP.id,
      startsAt: weekdayAt(ctx.now, 3, 9),
      durationMinutes: 60,
    });
    await ctx.as(anna).transition('appointments', cancelled.id, 'cancel', {});

    const sent = await now.create('invoices', { reference: 'INV-2001', patient: annaP.id });
    await now.create('invoiceLines', { invoice: sent.id, description: 'Consultation', amountCents: 12_000 });
    await now.create('invoiceLines', { invoice: sent.id, description: 'Blood panel', amountCents: 8_550 });
    await now.transition('invoices', sent.id, 'send', {});
    const draft = await now.create('invoices', { reference: 'INV-2002', patient: marcP.id });
    await now.create('invoiceLines', { invoice: draft.id, description: 'Vaccination', amountCents: 6_500 });
  },
});
