import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'no admin role',
    edit: (d) => {
      d.roles.admin = { label: 'Admin' };
    },
    path: 'roles',
    mentions: 'no role has admin: true',
  },
  {
    name: 'a sign-up role that is also admin',
    edit: (d) => {
      d.roles.customer = { label: 'Customer', signUp: true, admin: true };
    },
    path: 'roles.customer',
    mentions: "role 'customer' is an admin role that allows sign-up",
  },
  {
    name: 'a declared anonymous role',
    edit: (d) => {
      d.roles.anonymous = { label: 'Anonymous' };
    },
    path: 'roles.anonymous',
    mentions: "'anonymous' is the pseudo-role",
  },
  {
    name: 'an audience for an undeclared role',
    edit: (d) => {
      d.about.audience = { customers: 'People with problems.' };
    },
    path: 'about.audience.customers',
    mentions: "'customers' is not a role of the app",
  },
];

describe('checkRoles', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
