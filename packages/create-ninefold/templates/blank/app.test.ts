/**
 * The app's own tests, on the test kit: the app on a fresh in-memory database, typed clients
 * signed in as a role. `npm test` runs them.
 */
import { createTestApp } from '@ninefold/testing';
import { expect, it } from 'vitest';
import app from './app';
import seed from './seed';

it('lets a member keep notes that other members cannot read', async () => {
  await using t = await createTestApp(app);
  const max = await t.clientAs('member');
  const note = await max.create('notes', { title: 'Groceries' });
  expect(note.owner).toBe(max.user?.id);

  const other = await t.clientAs('member');
  expect((await other.list('notes')).items).toEqual([]);
  await expect(other.get('notes', note.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

it('seeds an admin who can sign in', async () => {
  await using t = await createTestApp(app, { seed });
  const admin = seed.accounts.find((a) => a.role === 'admin')!;
  const client = await t.signIn(admin.email, seed.password);
  expect(client.user?.role).toBe('admin');
});
