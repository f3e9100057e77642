/**
 * Regression: a timer whose moment fell outside years 0000–9999 was written as `+010000-…`;
 * PostgreSQL's timestamptz refused it, so a person's ordinary write failed with a server
 * error, while SQLite stored it and, comparing text, ran it at once. Such a moment is now no
 * moment: no timer.
 */
import { createTestApp } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import app from './timers-app';

describe.each(DIALECTS)('a timer past year 9999 on %s', (dialect) => {
  it('a loan due at the end of 9999 is created like any other', async () => {
    await using t = await createTestApp(app, { database: dialect, clock: '2031-03-01T08:00:00.000Z' });
    const user = await t.createUser('member');
    const member = await t.signIn(user.email, user.password);
    // lapse: two hours (graceHours) after dueAt — 10000-01-01T01:00Z.
    const made = await member.create('loans', { title: 'Heirloom', dueAt: '9999-12-31T23:00:00Z' }).then(
      (r) => r.status,
      (e: unknown) => `refused: ${(e as Error).message} ${JSON.stringify(e)}`,
    );
    expect(made).toBe('out');
  });
});
