/**
 * Expense claims: the account flows' own app (not the helpdesk). Employees never sign
 * themselves up — an admin or a manager invites them; customers sign up and must confirm
 * their address before they write; vendors act as guests (read only) until they confirm.
 */
import { defineApp, entity, f } from '@ninefold/spec';

const everyone = { employee: true, manager: true, admin: true, customer: true, vendor: true, guest: true };

const claims = entity({
  fields: {
    title: f.text({ min: 1, max: 80 }),
    amount: f.integer({ min: 0 }),
  },
  access: {
    read: everyone,
    create: { employee: true, manager: true, admin: true, customer: true, vendor: true },
    update: { admin: true },
    delete: { admin: true },
  },
});

/**
 * @example await createTestApp(expenseApp, { database: 'sqlite' })
 */
export const expenseApp = defineApp({
  about: { name: 'Expenses', summary: 'Expense claims.', audience: 'Tests of the account flows.' },
  roles: {
    customer: { signUp: true, verifyEmail: true },
    employee: { invitedBy: ['manager'] },
    manager: {},
    admin: { admin: true },
    vendor: { verifyEmail: { actAs: 'guest' } },
    guest: {},
    robot: { service: true },
  },
  entities: { claims },
});
