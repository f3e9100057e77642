import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { messageNodes } from '../messages/message-node';
import { type BrokenCase, breakApp, type Draft, messagesAt } from './break-app';
import { checkApp } from './check-app';

type App = Parameters<BrokenCase['edit']>[0];

// Declares messages as the app would: built-ins reworded, or its own.
const declare = (messages: Parameters<typeof messageNodes>[0]) => (d: App) => {
  d.messages = messageNodes(messages) as Draft<App>['messages'];
};
const role = (name: string, options: object) => (d: App) => {
  Object.assign(d.roles[name]!, options);
};

const messageCases: BrokenCase[] = [
  {
    name: 'a reworded built-in without {link} in its text',
    edit: declare({ passwordReset: { subject: 'Reset', text: 'Ask {name} for help.' } }),
    path: 'messages.passwordReset.text',
    mentions: "the text of 'passwordReset' has no {link}",
  },
  {
    name: 'a reworded built-in without {link} in its html',
    edit: declare({ invitation: { subject: 'Join', text: 'Go: {link}', html: '<p>Welcome</p>' } }),
    path: 'messages.invitation.html',
    mentions: "the html of 'invitation' has no {link}",
  },
  {
    name: 'a reworded built-in using a param the server does not give',
    edit: declare({ verifyEmail: { subject: 'Confirm {adress}', text: '{link}' } }),
    path: 'messages.verifyEmail.subject',
    mentions:
      "the subject of 'verifyEmail' uses {adress}: 'adress', which is not a param the server gives 'verifyEmail' (params: app, name, link, hours)",
  },
  {
    name: 'a reworded built-in typing a param the server does not give',
    edit: declare({ verifyEmail: { subject: 'Confirm', text: '{link}', params: { team: 'string' } } }),
    path: 'messages.verifyEmail.params.team',
    mentions: "'verifyEmail' types {team}, which the server never gives it",
  },
  {
    name: 'an empty subject',
    edit: declare({ welcome: { subject: '  ', text: 'Hi' } }),
    path: 'messages.welcome.subject',
    mentions: "the subject of 'welcome' is empty",
  },
  {
    name: 'a subject of two lines',
    edit: declare({ welcome: { subject: 'Hi\nBcc: x@example.com', text: 'Hi' } }),
    path: 'messages.welcome.subject',
    mentions: 'has a line break; a subject is one line',
  },
  {
    name: 'bug: a {link} in a subject (stored and listed: the token in clear)',
    edit: declare({ passwordReset: { subject: 'Reset: {link}', text: 'Go: {link}' } }),
    path: 'messages.passwordReset.subject',
    mentions: "the subject of 'passwordReset' has {link}",
  },
  {
    name: 'an empty text',
    edit: declare({ welcome: { subject: 'Hi', text: '' } }),
    path: 'messages.welcome.text',
    mentions: "the text of 'welcome' is empty",
  },
  {
    name: 'a typed param no template uses',
    edit: declare({
      welcome: { subject: 'Hi {name}', text: 'Hi', params: { name: 'string', team: 'string' } },
    }),
    path: 'messages.welcome.params.team',
    mentions: "'welcome' types {team}, but none of its subject, text has {team}",
  },
  {
    name: 'a param typed neither number nor string',
    edit: declare({ welcome: { subject: 'Hi {n}', text: 'x', params: { n: 'boolean' as 'string' } } }),
    path: 'messages.welcome.params.n',
    mentions: "the type of {n} is 'number' or 'string', not 'boolean'",
  },
];

const roleCases: BrokenCase[] = [
  {
    name: 'invitedBy naming an unknown role',
    edit: role('agent', { invitedBy: ['admn'] }),
    path: 'roles.agent.invitedBy[0]',
    mentions: "'admn' is not a role of the app (roles: customer, agent, admin) — did you mean 'admin'?",
  },
  {
    name: 'invitedBy naming anonymous',
    edit: role('agent', { invitedBy: ['anonymous'] }),
    path: 'roles.agent.invitedBy[0]',
    mentions: "'anonymous' is not a role of the app",
  },
  {
    name: 'bug: an admin role invited into by a non-admin role (it could make admins)',
    edit: role('admin', { invitedBy: ['agent'] }),
    path: 'roles.admin.invitedBy[0]',
    mentions: "admin role 'admin' may not be invited into by 'agent'",
  },
  {
    name: 'actAs naming an unknown role',
    edit: role('customer', { verifyEmail: { actAs: 'visitor' } }),
    path: 'roles.customer.verifyEmail.actAs',
    mentions: "'visitor' is not a role of the app",
  },
  {
    name: 'actAs naming an admin role',
    edit: role('customer', { verifyEmail: { actAs: 'admin' } }),
    path: 'roles.customer.verifyEmail.actAs',
    mentions: "acts as admin role 'admin' while unverified",
  },
  {
    name: 'actAs naming the role itself',
    edit: role('customer', { verifyEmail: { actAs: 'customer' } }),
    path: 'roles.customer.verifyEmail.actAs',
    mentions: "role 'customer' acts as itself while unverified",
  },
  {
    name: 'actAs naming a service role',
    edit: (d) => {
      role('agent', { service: true })(d);
      role('customer', { verifyEmail: { actAs: 'agent' } })(d);
    },
    path: 'roles.customer.verifyEmail.actAs',
    mentions: "acts as service role 'agent'",
  },
  {
    name: 'apiKeys.roles naming an unknown role',
    edit: role('agent', { apiKeys: { roles: ['reporter'] } }),
    path: 'roles.agent.apiKeys.roles[0]',
    mentions: "'reporter' is not a role of the app",
  },
  {
    name: 'a key of a non-admin acting as an admin role',
    edit: role('agent', { apiKeys: { roles: ['customer', 'admin'] } }),
    path: 'roles.agent.apiKeys.roles[1]',
    mentions: "a key of a 'agent' account may not act as admin role 'admin'",
  },
  {
    name: 'a service role that signs up',
    edit: role('customer', { service: true }),
    path: 'roles.customer.signUp',
    mentions: "role 'customer' is a service role (integrations, no password), so its accounts cannot sign up",
  },
  {
    name: 'a service role that verifies email',
    edit: role('agent', { service: true, verifyEmail: true }),
    path: 'roles.agent.verifyEmail',
    mentions: 'cannot verify an email',
  },
  {
    name: 'a service role that administers',
    edit: role('admin', { service: true }),
    path: 'roles.admin.admin',
    mentions: 'cannot administer the app',
  },
  {
    name: 'a service role one is invited into',
    edit: role('agent', { service: true, invitedBy: ['admin'] }),
    path: 'roles.agent.invitedBy',
    mentions: 'nobody is invited into it',
  },
  {
    name: 'a service role with no keys',
    edit: role('agent', { service: true, apiKeys: false }),
    path: 'roles.agent.apiKeys',
    mentions: 'could never act at all',
  },
];

const constant = (name: string, value: unknown) => (d: App) => {
  d.constants[name] = { value: value as number };
};
const constantCases: BrokenCase[] = [
  ['zero', 0],
  ['negative', -1],
  ['a fraction', 1.5],
  ['text', '72'],
].map(([what, value]) => ({
  name: `INVITATION_TTL_HOURS ${what}`,
  edit: constant('INVITATION_TTL_HOURS', value),
  path: 'constants.INVITATION_TTL_HOURS',
  mentions: `INVITATION_TTL_HOURS is how long a link of the account flows works: a whole number above 0, not ${JSON.stringify(value)}`,
}));

describe('checkMessages', () => {
  it.each(messageCases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each([
    ['the built-in messages', () => {}],
    [
      'a rewording that drops a param it need not show',
      declare({ passwordReset: { subject: 'Reset {app}', text: 'Here: {link}' } }),
    ],
    [
      'a rewording with HTML carrying the link',
      declare({
        invitation: { subject: 'Join {app}', text: '{link}', html: '<a href="{link}">Join</a> as {role}' },
      }),
    ],
    [
      'an app message with params of its own',
      declare({
        weekly: { subject: '{count} tickets', text: 'See {url} and {who}', params: { count: 'number' } },
      }),
    ],
  ])('accepts %s', (_name, edit) => {
    const problems = checkApp(breakFrom(edit)).problems.filter((p) => p.path.startsWith('messages'));
    expect(problems).toEqual([]);
  });
});

describe('checkAccountOptions', () => {
  it.each([...roleCases, ...constantCases])('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('accepts account options that fit', () => {
    const app = breakFrom((d) => {
      d.roles.integration = { label: 'Integration', service: true };
      role('agent', { invitedBy: ['agent'], apiKeys: { roles: ['customer'] } })(d);
      role('customer', { verifyEmail: true })(d);
      role('admin', { apiKeys: { roles: ['agent'] } })(d);
      constant('PASSWORD_RESET_TTL_MINUTES', 15)(d);
    });
    const problems = checkApp(app).problems.filter(
      (p) => p.path.startsWith('roles') || p.path.startsWith('constants'),
    );
    expect(problems).toEqual([]);
  });
});

function breakFrom(edit: (d: App) => void) {
  return breakApp(helpdesk, edit);
}
