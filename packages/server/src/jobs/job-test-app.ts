/**
 * Test support for the job queue: an app whose actions make one receipt per job (so a job run
 * twice shows as two receipts), schedule many of them, fail on request, and chain one job to
 * another.
 */
import { action, defineApp, entity, f } from '@ninefold/spec';

/** How long `makeReceipt` takes besides its write, so runs overlap. */
let receiptDelayMs = 0;

/**
 * Makes each `makeReceipt` wait this long first (tests of workers side by side).
 * @example slowReceipts(2)
 */
export function slowReceipts(ms: number): void {
  receiptDelayMs = ms;
}

/**
 * @example await t.core.action(boss, 'enqueueMany', { count: 3, afterMs: 0, fail: false })
 */
export const jobApp = defineApp({
  about: { name: 'Job tests', summary: 'The job queue under test.', audience: 'Tests.' },
  roles: { member: { signUp: true }, boss: { admin: true } },
  errors: { OUT_OF_STOCK: { status: 409, message: 'Out of stock: {item}.' } },
  entities: {
    receipts: entity({
      fields: { job: f.text() },
      access: { read: { boss: true } },
    }),
  },
  actions: {
    makeReceipt: action({
      who: {},
      input: { job: f.text() },
      output: { id: f.text() },
      handler: async ({ input, records }) => {
        if (receiptDelayMs > 0) await new Promise((r) => setTimeout(r, receiptDelayMs));
        return { id: (await records.create('receipts', { job: input.job })).id };
      },
    }),
    enqueueMany: action({
      who: { boss: true, member: true },
      input: {
        count: f.integer(),
        afterMs: f.integer({ optional: true }),
        fail: f.boolean({ optional: true }),
        action: f.text({ optional: true }),
      },
      output: { ok: f.boolean() },
      handler: async ({ input, schedule, fail }) => {
        for (let i = 0; i < input.count; i++)
          schedule(input.action ?? 'makeReceipt', { job: `r${i}` }, { afterMs: input.afterMs ?? 0 });
        if (input.fail) fail('FORBIDDEN');
        return { ok: true };
      },
    }),
    flaky: action({
      who: {},
      input: { mode: f.enum(['crash', 'refuse', 'chain']) },
      output: { ok: f.boolean() },
      handler: async ({ input, fail, schedule }) => {
        if (input.mode === 'crash')
          throw new Error('boom: the printer caught fire\n    at Printer.print (printer.ts:1:1)');
        if (input.mode === 'refuse') fail('OUT_OF_STOCK', { item: 'toner' });
        schedule('makeReceipt', { job: 'chained' });
        return { ok: true };
      },
    }),
  },
});
