/**
 * A reset request tells nothing about who has an account: status, body and headers (minus
 * `date` and any request id) are identical for a known and an unknown address; the request
 * does the same work for both (check the shape, count the limits, queue one mail) and the
 * account is looked up later by the mail worker.
 *
 * "The same work" is proved exactly by the statements: every SQL statement a request issues
 * is logged, and a known and an unknown address issue the same ones, in the same order, with
 * the same text. The time is compared too, over 50 alternating tries each, as a second line:
 * the medians may differ by 25% of the larger or 1 ms, whichever is larger. That bound
 * catches costly work on one side only (a password hash is tens of milliseconds) but not a
 * single extra indexed lookup (a fraction of a millisecond): that is the statements' job.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp } from './account-client';
import { expenseApp } from './expense-app';
import { logStatements } from './statement-log';

const TRIES = 50;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function comparable(headers: Record<string, unknown>): Record<string, unknown> {
  const { date: _d, 'x-request-id': _r, ...rest } = headers;
  return rest;
}

describe.each(testDialects())('reset enumeration on %s', (dialect) => {
  let t: ExpenseTestApp;
  beforeAll(async () => {
    t = await createTestApp(expenseApp, { database: dialect, listen: false, clock: Date.now() });
  });
  afterAll(() => t?.close());

  it('answers a known and an unknown address identically, in the same time', async () => {
    const known = await t.createUser('employee');
    const unknown = `nobody-${dialect}@example.com`;
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const answers: Record<'known' | 'unknown', unknown[]> = { known: [], unknown: [] };
    // Warm up both paths (first queries compile, first inserts allocate).
    for (const email of [known.email, unknown]) await call(t, 'POST', '/api/auth/password-reset', { email });
    for (let i = 0; i < TRIES; i++) {
      // Past the `mail` window (5 an hour per address), so no try is refused.
      t.clock.advance({ minutes: 61 });
      for (const [kind, email] of [
        ['known', known.email],
        ['unknown', unknown],
      ] as const) {
        const start = performance.now();
        const res = await call(t, 'POST', '/api/auth/password-reset', { email });
        times[kind].push(performance.now() - start);
        answers[kind].push([res.status, res.raw, comparable(res.headers)]);
      }
    }
    expect(answers.known[0]).toEqual([202, '', expect.any(Object)]);
    expect(new Set(answers.known.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers.unknown).toEqual(answers.known);
    const [k, u] = [median(times.known), median(times.unknown)];
    const bound = Math.max(0.25 * Math.max(k, u), 1);
    expect(Math.abs(k - u), `medians: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeLessThan(
      bound,
    );
    // One mail queued per request, for both.
    const queued = await t.db.all(
      t.db.qb.selectFrom('nf_mail').select('to').where('message', '=', 'passwordReset'),
    );
    expect(queued.filter((m) => m.to === known.email)).toHaveLength(TRIES + 1);
    expect(queued.filter((m) => m.to === unknown)).toHaveLength(TRIES + 1);
  });

  it('issues the same SQL statements for a known and an unknown address', async () => {
    // The worker would look the account up after the request (and, woken by it, inside its
    // async context): stopped, only the request's own statements are logged.
    await t.nf.mailer.close();
    const known = await t.createUser('employee');
    const unknown = `nobody-else-${dialect}@example.com`;
    const log = logStatements(t.db);
    try {
      const statements = async (email: string) => {
        t.clock.advance({ minutes: 61 });
        return log.during(() => call(t, 'POST', '/api/auth/password-reset', { email }));
      };
      // Warm: a first request may prepare what later ones reuse.
      await statements(known.email);
      await statements(unknown);
      const [k, u] = [await statements(known.email), await statements(unknown)];
      expect(
        k.some((q) => /insert into "nf_mail"/i.test(q)),
        k.join('\n'),
      ).toBe(true);
      expect(u).toEqual(k);
      // And never a read of the accounts.
      expect(k.filter((q) => /"users"/.test(q))).toEqual([]);
    } finally {
      log.restore();
    }
  });
});
