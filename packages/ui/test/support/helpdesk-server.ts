/**
 * The helpdesk as a browser test needs it: a fresh SQLite database, the demo data, any
 * extra users, the API and the built UI on one port of 127.0.0.1.
 */

import app from '@ninefold/example-helpdesk';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedHelpdesk } from '@ninefold/example-helpdesk/seed';
// The server and the test kit by their packages (the tests only: the UI never imports them).
import { createNinefold, type Ninefold, setPassword, staticUi } from '@ninefold/server';
import { type TestDatabase, type TestMailbox, testDatabase } from '@ninefold/testing';
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

type RoleName = keyof typeof app.roles;

export interface StartOptions {
  readonly seed?: boolean;
  readonly users?: readonly Person[];
  /**
   * Where the app's mail goes: a test's mailbox (a real SMTP server, `testMailbox()`), or the
   * development outbox (`'outbox'`, the default: no mail leaves). Links point at this server.
   */
  readonly mail?: TestMailbox | 'outbox';
  /** Options laid over the helpdesk's roles (`{ customer: { verifyEmail: true } }`). */
  readonly roles?: { readonly [R in RoleName]?: Partial<(typeof app.roles)[R]> };
}

/** The helpdesk with some role options changed; the UI learns them from /api/meta. */
function withRoles(roles: StartOptions['roles']): typeof app {
  if (!roles) return app;
  const merged = Object.fromEntries(
    Object.entries(app.roles).map(([name, role]) => [name, { ...role, ...roles[name as RoleName] }]),
  );
  return { ...app, roles: merged } as typeof app;
}

/**
 * Builds the helpdesk's UI if stale (as `ninefold build` does), then serves it and the API
 * on a fresh SQLite file.
 * @example
 * const hd = await startHelpdesk({ seed: true });
 * await page.goto(`${hd.base}/login`);
 * afterAll(() => hd.close());
 * @example
 * const mailbox = await testMailbox();
 * const hd = await startHelpdesk({ mail: mailbox }); // a reset's mail arrives in mailbox
 */
export async function startHelpdesk(options: StartOptions = {}): Promise<HelpdeskServer> {
  await ensureUiBuilt();
  const tdb: TestDatabase = await testDatabase('sqlite-file');
  let base = 'http://127.0.0.1';
  const mailbox = options.mail === 'outbox' ? undefined : options.mail;
  const nf = await createNinefold(withRoles(options.roles), {
    database: tdb.url,
    // Read when each mail is sent: the port is known only once the server listens.
    mail: { ...(mailbox ? { smtpUrl: mailbox.url } : {}), appUrl: () => base, pollMs: 100 },
  });
  try {
    await staticUi(nf.server, DIST);
    if (options.seed !== false) await seedHelpdesk(nf.core);
    const addUser = async (p: Person) => {
      const user = await nf.core.create(null, 'users', { email: p.email, name: p.name, role: p.role }, true);
      await setPassword(nf.db, String(user.id), PASSWORD, new Date());
      return String(user.id);
    };
    for (const p of options.users ?? []) await addUser(p);
    base = await nf.server.listen({ host: '127.0.0.1', port: 0 });
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
