/**
 * What an unverified address makes of a caller, by session and by key alike, once per
 * dialect: with `verifyEmail: true` the caller is `unverified` (writes are refused
 * elsewhere), with `{actAs}` it acts as that role, and once verified it is itself again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/accounts/api-keys';
import { sessionRow, startSession } from '../../src/core/accounts/sessions';
import { DIALECTS } from '../test-databases';
import { type KeyHarness, keyHarness } from './key-harness';
import { keysApp } from './keys-app';

const MODES = [
  { mode: undefined, before: { role: 'customer' } },
  { mode: true, before: { role: 'customer', unverified: true } },
  { mode: { actAs: 'kiosk' }, before: { role: 'kiosk' } },
] as const;

describe.each(DIALECTS)('an unverified caller on %s', (dialect) => {
  describe.each(MODES)('customers with verifyEmail $mode', ({ mode, before }) => {
    let h: KeyHarness;
    beforeAll(async () => {
      h = await keyHarness(keysApp(mode === undefined ? {} : { customerVerifies: mode }), dialect);
    }, 60_000);
    afterAll(() => h?.close());

    it('resolves sessions and keys to the same caller, before and after verifying', async () => {
      const { db, core } = h.t;
      const user = await h.account('customer');
      const session = await db.transaction((tx) => startSession(tx, user.id, h.t.clock.now()));
      // Made in the core as the account verified: an unconfirmed one may not make keys over HTTP
      // (403 EMAIL_NOT_VERIFIED), but a key made before (an address changed since) remains.
      const made = await createApiKey(
        core,
        { id: user.id, role: 'customer', email: user.email },
        { name: 'k' },
      );
      const key = made.key;
      const base = { id: user.id, email: user.email };
      const resolve = async (token: string) => ({
        row: (await sessionRow(db, core.app, token))?.caller,
        cached: await core.caller(token),
      });
      expect(await resolve(session)).toEqual({ row: { ...base, ...before }, cached: { ...base, ...before } });
      const keyId = made.id;
      expect(await resolve(key)).toEqual({
        row: { ...base, ...before, apiKey: keyId },
        cached: { ...base, ...before, apiKey: keyId },
      });
      // The row as read: the account flows verify through the core, whose event drops caches.
      await db.run(
        db.qb
          .updateTable('users')
          .set({ emailVerified: dialect === 'sqlite' ? 1 : true })
          .where('id', '=', user.id),
      );
      const after = { ...base, role: 'customer' };
      expect((await sessionRow(db, core.app, session))?.caller).toEqual(after);
      expect((await sessionRow(db, core.app, key))?.caller).toEqual({ ...after, apiKey: keyId });
    });
  });
});
