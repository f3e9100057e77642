import { join } from 'node:path';
import app from '@ninefold/example-helpdesk';
import { createNinefold } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ninefoldHere, removeScratch, scratchDir, userEmails } from '../../test/run-cli';

afterAll(removeScratch);

const create = [
  'admin',
  'create',
  'examples/helpdesk',
  '--email',
  'Ops@Example.test',
  '--name',
  'Operations',
];

/** Signs in through the app's HTTP contract, in-process on the same database file. */
async function logIn(file: string, email: string, password: string) {
  const nf = await createNinefold(app, { database: file });
  try {
    const res = await nf.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    return {
      status: res.statusCode,
      user: res.json().user as { role: string; name: string; emailVerified: boolean } | undefined,
    };
  } finally {
    await nf.close();
  }
}

describe('ninefold admin create', () => {
  it('refuses a weak password and leaves no account behind, then creates the admin, who can sign in, their email verified', async () => {
    const dataDir = scratchDir('admin');
    const file = join(dataDir, 'app.db');

    const weak = await ninefoldHere([...create, '--password', 'password1'], { DATA_DIR: dataDir });
    expect(weak.err).toContain('✗ password: This password is too common; choose another.');
    expect(weak.code).toBe(1);
    const short = await ninefoldHere(create, { DATA_DIR: dataDir, NINEFOLD_ADMIN_PASSWORD: 'short' });
    expect(short.err).toContain('at least 8 characters');
    expect(short.code).toBe(1);
    expect(await userEmails(file)).toEqual([]);

    const made = await ninefoldHere(create, {
      DATA_DIR: dataDir,
      NINEFOLD_ADMIN_PASSWORD: 'plum orchard at dusk',
    });
    expect(made.out).toContain('✓ created the admin Operations <ops@example.test>');
    expect(made.code).toBe(0);
    expect(await logIn(file, 'ops@example.test', 'plum orchard at dusk')).toEqual({
      status: 200,
      user: expect.objectContaining({ role: 'admin', name: 'Operations', emailVerified: true }),
    });
    expect((await logIn(file, 'ops@example.test', 'password1')).status).toBe(401);

    const again = await ninefoldHere(create, {
      DATA_DIR: dataDir,
      NINEFOLD_ADMIN_PASSWORD: 'another fine phrase',
    });
    expect(again.err).toContain('✗ there is already a user with the email ops@example.test');
    expect(again.code).toBe(1);
  });

  it('asks for a password rather than inventing one', async () => {
    const { code, err } = await ninefoldHere(create, { DATA_DIR: scratchDir('admin-nopass') });
    expect(err).toContain('give the password with --password or NINEFOLD_ADMIN_PASSWORD');
    expect(code).toBe(2);
  });
});

describe('ninefold seed', () => {
  it('seeds an empty database, refuses one with users, and with --force seeds beside them once', async () => {
    const fresh = scratchDir('seed');
    const seeded = await ninefoldHere(['seed', 'examples/helpdesk'], { DATA_DIR: fresh });
    expect(seeded.out).toContain('✓ seeded demo data into SQLite');
    expect(seeded.out).toMatch(/agent2@helpdesk\.test\s+agent/);
    expect(seeded.code).toBe(0);
    expect(await userEmails(join(fresh, 'app.db'))).toHaveLength(5);

    const dataDir = scratchDir('seed-force');
    const env = { DATA_DIR: dataDir, NINEFOLD_ADMIN_PASSWORD: 'plum orchard at dusk' };
    expect((await ninefoldHere(create, env)).code).toBe(0);
    const refused = await ninefoldHere(['seed', 'examples/helpdesk'], env);
    expect(refused.err).toContain('already has users: not seeding');
    expect(refused.code).toBe(1);
    expect(await userEmails(join(dataDir, 'app.db'))).toEqual(['ops@example.test']);

    expect((await ninefoldHere(['seed', 'examples/helpdesk', '--force'], env)).code).toBe(0);
    expect(await userEmails(join(dataDir, 'app.db'))).toHaveLength(6);
    const twice = await ninefoldHere(['seed', 'examples/helpdesk', '--force'], env);
    expect(twice.err).toContain('already has its demo accounts');
    expect(twice.code).toBe(1);
  });
});
