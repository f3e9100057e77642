/**
 * Demo data: what `ninefold dev` and `ninefold start --demo` put into a database that has no
 * users yet (and `ninefold seed` on demand). A production start never seeds: there, make the
 * first admin with `ninefold admin create`.
 */
import { defineSeed } from '@ninefold/server';
import app from './app';

export default defineSeed(app, {
  // Fine for a demo, never for production.
  password: 'demo-password-1',
  accounts: [
    { key: 'admin', email: 'admin@example.test', name: 'Ada Admin', role: 'admin' },
    { key: 'member', email: 'member@example.test', name: 'Max Member', role: 'member' },
  ],
  async run(ctx) {
    // Records made as a person go through the app's rules, as if they had used the UI.
    await ctx.as(ctx.accounts.member).create('notes', {
      title: 'Welcome',
      body: 'This note was made by seed.ts. Sign in as admin@example.test to see the admin console.',
    });
  },
});
