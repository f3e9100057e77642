/**
 * A reset request tells nothing about who has an account: status, body and headers (minus
 * `date` and any request id) are identical for a known and an unknown address, and so is the
 * time, over 50 alternating tries each. The request does the same work for both (check the
 * shape, count the limits, queue one mail); the account is looked up later by the mail
 * worker. The bound on the medians — 25% of the larger, or 5 ms, whichever is larger — is
 * generous on purpose: it compares two medians within one run, not a wall-clock budget, and
 * an extra database lookup or a password hash on one side would still show (a hash alone is
 * tens of milliseconds), while scheduler noise on a loaded CI machine stays well under it.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp } from './account-client';
import { expenseApp } from './expense-app';

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
    const bound = Math.max(0.25 * Math.max(k, u), 5);
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
});
