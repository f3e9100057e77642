/**
 * Invoices over real HTTP, on every dialect: the lines of one invoice add up to at most
 * MAX_INVOICE_CENTS whether a line is added or changed, an invoice is sent only with a line,
 * and a sent invoice's lines can no longer be added, changed or deleted.
 */
import { testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClinicTest, MAX_INVOICE_CENTS, openClinic, refusal, refusedUnchanged } from './clinic-harness';

const MAX = MAX_INVOICE_CENTS;

describe.each(testDialects())('invoices on %s', (dialect) => {
  let c: ClinicTest;
  let n = 0;
  beforeAll(async () => {
    c = await openClinic(dialect);
  });
  afterAll(() => c[Symbol.asyncDispose]());

  const invoice = () => c.desk.create('invoices', { reference: `INV-${++n}`, patient: c.patientId });
  const line = (invoiceId: string, amountCents: number, description = 'Consultation') =>
    c.desk.create('invoiceLines', { invoice: invoiceId, description, amountCents });
  const total = async (invoiceId: string) => {
    const rows = await c.t.db.all<{ amountCents: number | string }>(
      c.t.db.qb.selectFrom('invoiceLines').select('amountCents').where('invoice', '=', invoiceId),
    );
    return rows.reduce((sum, r) => sum + Number(r.amountCents), 0);
  };

  it('takes lines up to the maximum, the new line counted, and refuses one cent more', async () => {
    expect(MAX).toBe(500_000);
    const inv = await invoice();
    await line(inv.id, 300_000);
    await line(inv.id, MAX - 300_000);
    expect(await total(inv.id)).toBe(MAX);
    const r = await refusedUnchanged(c, () => line(inv.id, 1), 'INVOICE_OVER_LIMIT');
    expect(r.status).toBe(422);
    expect(r.params).toEqual({ max: MAX });
    // The maximum is per invoice: another one starts from nothing.
    const other = await invoice();
    await line(other.id, MAX);
    await refusedUnchanged(c, () => line(other.id, 1), 'INVOICE_OVER_LIMIT');
    // One line alone over the maximum.
    const third = await invoice();
    await refusedUnchanged(c, () => line(third.id, MAX + 1), 'INVOICE_OVER_LIMIT');
  });

  it('judges a changed amount with the line’s new amount in place of its old one', async () => {
    const inv = await invoice();
    await line(inv.id, 300_000);
    const second = await line(inv.id, 200_000);
    const r = await refusedUnchanged(
      c,
      () => c.desk.update('invoiceLines', second.id, { amountCents: 200_001 }),
      'INVOICE_OVER_LIMIT',
    );
    expect(r.params).toEqual({ max: MAX });
    // Not counted twice: lowering it and raising it back to the maximum both hold.
    expect((await c.desk.update('invoiceLines', second.id, { amountCents: 150_000 })).amountCents).toBe(
      150_000,
    );
    expect((await c.desk.update('invoiceLines', second.id, { amountCents: 200_000 })).amountCents).toBe(
      200_000,
    );
    // A change of its description alone is no change of the total.
    expect((await c.desk.update('invoiceLines', second.id, { description: 'X-ray' })).description).toBe(
      'X-ray',
    );
    expect(await total(inv.id)).toBe(MAX);
  });

  it('refuses to send an invoice without lines, and sends one with a line, dated today in Zurich', async () => {
    const inv = await invoice();
    const r = await refusedUnchanged(
      c,
      () => c.desk.transition('invoices', inv.id, 'send', {}),
      'INVOICE_EMPTY',
    );
    expect(r.status).toBe(409);
    expect((await c.desk.get('invoices', inv.id)).status).toBe('draft');
    await line(inv.id, 9_000);
    const sent = await c.desk.transition('invoices', inv.id, 'send', {});
    expect(sent).toMatchObject({ status: 'sent', issuedOn: '2026-03-02' });
  });

  it('locks the lines of a sent invoice: no line added, changed or deleted', async () => {
    const inv = await invoice();
    const first = await line(inv.id, 12_000);
    await c.desk.transition('invoices', inv.id, 'send', {});

    const deleted = await refusedUnchanged(
      c,
      () => c.desk.delete('invoiceLines', first.id),
      'INVOICE_LOCKED',
    );
    expect(deleted.status).toBe(409);
    await refusedUnchanged(
      c,
      () => c.desk.update('invoiceLines', first.id, { amountCents: 11_000 }),
      'INVOICE_LOCKED',
    );
    await refusedUnchanged(
      c,
      () => c.desk.update('invoiceLines', first.id, { description: 'Something else' }),
      'INVOICE_LOCKED',
    );
    await refusedUnchanged(c, () => line(inv.id, 1_000), 'INVOICE_LOCKED');
    // Nor can the invoice itself go, taking its lines with it.
    await refusedUnchanged(c, () => c.desk.delete('invoices', inv.id), 'INVOICE_LOCKED');
    // Paid, it stays locked.
    await c.desk.transition('invoices', inv.id, 'markPaid', {});
    await refusedUnchanged(c, () => c.desk.delete('invoiceLines', first.id), 'INVOICE_LOCKED');
    expect(await total(inv.id)).toBe(12_000);
  });

  it('lets a draft’s lines change and go, and a draft go with its lines', async () => {
    const inv = await invoice();
    const a = await line(inv.id, 1_000);
    const b = await line(inv.id, 2_000);
    await c.desk.delete('invoiceLines', a.id);
    expect(await total(inv.id)).toBe(2_000);
    await c.desk.delete('invoices', inv.id);
    expect((await refusal(c.desk.get('invoiceLines', b.id))).code).toBe('NOT_FOUND');
  });

  it('shows a patient their own invoices and lines only', async () => {
    const mine = await invoice();
    await line(mine.id, 4_000);
    const theirs = await c.desk.create('invoices', { reference: `INV-${++n}`, patient: c.otherPatientId });
    const hidden = await line(theirs.id, 5_000);
    const invoices = (await c.patientClient.list('invoices', { limit: 100 })).items;
    expect(new Set(invoices.map((i) => i.patient))).toEqual(new Set([c.patientId]));
    expect((await refusal(c.patientClient.get('invoiceLines', hidden.id))).code).toBe('NOT_FOUND');
    const lines = (await c.patientClient.list('invoiceLines', { limit: 100 })).items;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.invoice === theirs.id)).toBe(false);
    await refusedUnchanged(c, () => c.patientClient.delete('invoiceLines', lines[0]!.id), 'FORBIDDEN');
  });
});
