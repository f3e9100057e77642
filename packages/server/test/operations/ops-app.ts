/**
 * A small app for the operations tests: members write notes, an admin administers, and an
 * action that waits until the test lets it go — a request held in flight at will.
 */
import { action, defineApp, entity, f } from '@ninefold/spec';
import { setPassword } from '../../src/core/accounts/accounts';
import type { Ninefold } from '../../src/start-app';

let release: (() => void) | undefined;
let held: Promise<void> = Promise.resolve();
let arrived: (() => void) | undefined;

/**
 * Makes the next `slowNote` calls wait; answers when one has arrived, and how to let them go.
 * @example const gate = holdSlowNotes(); …fire the request…; await gate.arrived; gate.release();
 */
export function holdSlowNotes(): { arrived: Promise<void>; release: () => void } {
  held = new Promise((r) => (release = r));
  const came = new Promise<void>((r) => (arrived = r));
  return { arrived: came, release: () => release?.() };
}

export const opsApp = defineApp({
  about: { name: 'Ops', summary: 'Notes, for the operations tests.', audience: 'Members and an admin.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  entities: {
    notes: entity({
      fields: { text: f.text({ max: 200 }) },
      access: { read: { member: true }, create: { member: true } },
    }),
  },
  actions: {
    slowNote: action({
      who: { member: true },
      input: { text: f.text() },
      output: { id: f.text() },
      handler: async ({ input, records }) => {
        arrived?.();
        await held;
        const note = await records.create('notes', { text: input.text });
        return { id: String(note.id) };
      },
    }),
  },
});

let people = 0;

/**
 * Creates a user of `role` (as the system) and answers their session token.
 * @example const token = await signedIn(nf, 'admin');
 */
export async function signedIn(nf: Ninefold, role: 'member' | 'admin'): Promise<string> {
  people += 1;
  const email = `${role}${people}@ops.test`;
  const user = await nf.core.create(null, 'users', { email, name: `${role} ${people}`, role }, true);
  await setPassword(nf.db, String(user.id), 'ops-password-1', new Date());
  const res = await nf.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'ops-password-1' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token as string;
}
