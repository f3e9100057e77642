/**
 * The "expense claims" pattern, written into a scratch folder for the CLI's account tests:
 * nobody signs up; employees are invited (by managers or admins) and set their own password
 * from the link; only employees file claims. A service role, which nobody may invite.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The spec, as `<appDir>/app.ts`. */
export const EXPENSES_APP = `import { caller, callerIs, defineApp, entity, f } from '@ninefold/spec';

const claims = entity({
  fields: {
    title: f.text({ min: 3, max: 120 }),
    cents: f.integer({ min: 1 }),
    claimant: f.ref('users', { default: caller('id'), readOnly: true }),
  },
  access: {
    read: { employee: callerIs('claimant'), manager: true },
    create: { employee: { fields: ['title', 'cents'] } },
  },
});

export default defineApp({
  about: { name: 'Expenses', summary: 'Expense claims.', audience: 'Employees and their managers.' },
  roles: {
    employee: { invitedBy: ['manager'], description: 'Files claims; invited, never signed up.' },
    manager: { description: 'Reads every claim and invites employees.' },
    bookkeeping: { service: true, description: 'The accounting system.' },
    admin: { admin: true },
  },
  entities: { claims },
});
`;

/**
 * @example writeExpensesApp(scratchDir('expenses'));
 */
export function writeExpensesApp(dir: string): void {
  writeFileSync(join(dir, 'app.ts'), EXPENSES_APP);
}
