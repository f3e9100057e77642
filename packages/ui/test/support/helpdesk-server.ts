/**
 * The helpdesk as a browser test needs it: a fresh SQLite database, the demo data, any
 * extra users, the API and the built UI on one port of 127.0.0.1.
 */

import app from '@ninefold/example-helpdesk';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedHelpdesk } from '@ninefold/example-helpdesk/seed';
// The server and the test kit by their packages (the tests only: the UI never imports them).
import { createNinefold, type Ninefold, setPassword, staticUi } from '@ninefold/server';
import { type TestDatabase, testDatabase } from '@ninefold/testing';
import { DIST, ensureUiBuilt } from './build-ui';

/** The password of every account these helpers create, the demo's own included. */
export const PASSWORD = DEMO_PASSWORD;

/** The demo accounts, by key: admin, agent, agent2, alice, bob. */
export const DEMO = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.key, a])) as Record<
  (typeof DEMO_ACCOUNTS)[number]['key'],
  (typeof DEMO_ACCOUNTS)[number]
>;

export interface Person {
  readonly email: string;
  readonly name: string;
  readonly role: 'customer' | 'agent' | 'admin';
}

export interface HelpdeskServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly nf: Ninefold;
  /** Adds an account with PASSWORD; answers its id. */
  addUser(person: Person): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the helpdesk's UI if stale (as `ninefold build` does), then serves it and the API
 * on a fresh SQLite file.
 * @example
 * const hd = await startHelpdesk({ seed: true });
 * await page.goto(`${hd.base}/login`);
 * afterAll(() => hd.close());
 */
export async function startHelpdesk(
  options: { seed?: boolean; users?: readonly Person[] } = {},
): Promise<HelpdeskServer> {
  await ensureUiBuilt();
  const tdb: TestDatabase = await testDatabase('sqlite-file');
  const nf = await createNinefold(app, { database: tdb.url });
  try {
    await staticUi(nf.server, DIST);
    if (options.seed !== false) await seedHelpdesk(nf.core);
    const addUser = async (p: Person) => {
      const user = await nf.core.create(null, 'users', { email: p.email, name: p.name, role: p.role }, true);
      await setPassword(nf.db, String(user.id), PASSWORD, new Date());
      return String(user.id);
    };
    for (const p of options.users ?? []) await addUser(p);
    const base = await nf.server.listen({ host: '127.0.0.1', port: 0 });
    return {
      base,
      nf,
      addUser,
      close: async () => {
        await nf.close();
        await tdb.drop();
      },
    };
  } catch (e) {
    await nf.close();
    await tdb.drop();
    throw e;
  }
}
