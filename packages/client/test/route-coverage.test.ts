/**
 * The client implements the route table: every route has a method, named here once. A route
 * added to the table without one fails to compile (the mapping must cover every RouteId), and
 * a method named that the client lacks fails at run time.
 */

import type app from '@ninefold/example-helpdesk';
import { ROUTE_IDS, ROUTES, type RouteEntry, type RouteId } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { createClient, type NinefoldClient } from '../src/index';

type Client = NinefoldClient<typeof app>;
type Group = 'auth' | 'invitations' | 'apiKeys' | 'mail' | 'notifications' | 'jobs' | 'files';
type MethodPath =
  | Exclude<keyof Client, Group>
  | `auth.${Exclude<keyof Client['auth'], 'onChange' | 'token'>}`
  | `${'invitations' | 'apiKeys' | 'mail'}.${'list' | 'create' | 'revoke'}`
  | `notifications.${'list' | 'read' | 'readAll' | 'preferences' | 'setPreferences'}`
  | `jobs.${'list' | 'retry'}`
  | `files.${'upload' | 'download' | 'remove'}`;

const METHODS = {
  getHealth: 'health',
  getMeta: 'meta',
  getOpenApi: 'openApi',
  authSignup: 'auth.signUp',
  authLogin: 'auth.signIn',
  authLogout: 'auth.signOut',
  authMe: 'auth.me',
  authPasswordReset: 'auth.requestPasswordReset',
  authPasswordResetConfirm: 'auth.resetPassword',
  authVerifyEmail: 'auth.verifyEmail',
  authVerifyEmailResend: 'auth.resendVerification',
  authChangePassword: 'auth.changePassword',
  authChangeEmail: 'auth.changeEmail',
  authLogoutEverywhere: 'auth.signOutEverywhere',
  listInvitations: 'invitations.list',
  createInvitation: 'invitations.create',
  acceptInvitation: 'auth.acceptInvitation',
  deleteInvitation: 'invitations.revoke',
  listApiKeys: 'apiKeys.list',
  createApiKey: 'apiKeys.create',
  deleteApiKey: 'apiKeys.revoke',
  listMail: 'mail.list',
  getQuotas: 'quotas',
  getRates: 'rates',
  getAudit: 'audit',
  getMetrics: 'metrics',
  listRecords: 'list',
  aggregateRecords: 'aggregate',
  exportRecords: 'export',
  importRecords: 'import',
  createRecord: 'create',
  getRecord: 'get',
  updateRecord: 'update',
  deleteRecord: 'delete',
  getHistory: 'history',
  runTransition: 'transition',
  runAction: 'action',
  realtime: 'subscribe',
  listNotifications: 'notifications.list',
  readNotification: 'notifications.read',
  readAllNotifications: 'notifications.readAll',
  getNotificationPreferences: 'notifications.preferences',
  updateNotificationPreferences: 'notifications.setPreferences',
  listJobs: 'jobs.list',
  retryJob: 'jobs.retry',
  uploadFile: 'files.upload',
  downloadFile: 'files.download',
  deleteFile: 'files.remove',
} as const satisfies { readonly [K in RouteId]: MethodPath };

describe('the client and the route table', () => {
  const client = createClient<typeof app>({ url: 'http://127.0.0.1:1' });
  it.each(ROUTE_IDS)('%s has a client method', (id) => {
    const [first, second] = METHODS[id].split('.') as [string, string | undefined];
    const owner = (second ? (client as Record<string, any>)[first] : client) as Record<string, unknown>;
    expect(typeof owner[second ?? first]).toBe('function');
  });

  it('names each method for one route only', () => {
    expect(new Set(Object.values(METHODS)).size).toBe(ROUTE_IDS.length);
  });
});

describe('the account methods call their routes', () => {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const client = createClient<typeof app>({
    url: 'http://127.0.0.1:1',
    token: 'x',
    webSocket: () => ({ close() {} }) as never,
    fetch: async (input, init = {}) => {
      const url = new URL(String(input));
      sent.push({
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      const body =
        url.pathname.endsWith('/confirm') || url.pathname.endsWith('/accept')
          ? { user: { id: 'u' }, token: 't' }
          : { items: [], email: 'a@b.test' };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const id = '0190f0a0-0000-7000-8000-000000000000';
  const calls: [RouteId, () => Promise<unknown>, string, unknown][] = [
    [
      'authPasswordReset',
      () => client.auth.requestPasswordReset({ email: 'a@b.test' }),
      '',
      { email: 'a@b.test' },
    ],
    [
      'authPasswordResetConfirm',
      () => client.auth.resetPassword({ token: 't', password: 'p' }),
      '',
      { token: 't', password: 'p' },
    ],
    ['authVerifyEmail', () => client.auth.verifyEmail({ token: 't' }), '', { token: 't' }],
    ['authVerifyEmailResend', () => client.auth.resendVerification(), '', {}],
    [
      'authChangePassword',
      () => client.auth.changePassword({ currentPassword: 'a', password: 'b' }),
      '',
      { currentPassword: 'a', password: 'b' },
    ],
    [
      'authChangeEmail',
      () => client.auth.changeEmail({ email: 'c@d.test', currentPassword: 'a' }),
      '',
      { email: 'c@d.test', currentPassword: 'a' },
    ],
    ['authLogoutEverywhere', () => client.auth.signOutEverywhere(), '', {}],
    ['listInvitations', () => client.invitations.list(), '', undefined],
    [
      'createInvitation',
      () => client.invitations.create({ email: 'a@b.test', role: 'agent' }),
      '',
      { email: 'a@b.test', role: 'agent' },
    ],
    [
      'acceptInvitation',
      () => client.auth.acceptInvitation({ token: 't', password: 'p', name: 'Ada' }),
      '',
      { token: 't', password: 'p', name: 'Ada' },
    ],
    ['deleteInvitation', () => client.invitations.revoke(id), '', undefined],
    ['listApiKeys', () => client.apiKeys.list({ userId: id }), `?userId=${id}`, undefined],
    [
      'createApiKey',
      () => client.apiKeys.create({ name: 'CI', expiresAt: new Date(Date.UTC(2030, 0, 1)) }),
      '',
      { name: 'CI', expiresAt: '2030-01-01T00:00:00.000Z' },
    ],
    ['deleteApiKey', () => client.apiKeys.revoke(id), '', undefined],
    ['listMail', () => client.mail.list(), '', undefined],
    [
      'listNotifications',
      () => client.notifications.list({ limit: 20, cursor: 'c1' }),
      '?limit=20&cursor=c1',
      undefined,
    ],
    ['readNotification', () => client.notifications.read(id), '', {}],
    ['readAllNotifications', () => client.notifications.readAll(), '', {}],
    ['getNotificationPreferences', () => client.notifications.preferences(), '', undefined],
    [
      'updateNotificationPreferences',
      () => client.notifications.setPreferences({ agentReplied: { email: false } }),
      '',
      { agentReplied: { email: false } },
    ],
    [
      'listJobs',
      () => client.jobs.list({ status: 'dead', kind: 'webhook' }),
      '?status=dead&kind=webhook',
      undefined,
    ],
    ['retryJob', () => client.jobs.retry(id), '', {}],
  ];

  it.each(calls)('%s', async (route, call, query, body) => {
    sent.length = 0;
    await call();
    const { method, path } = ROUTES[route];
    expect(sent).toEqual([{ method, path: path.replace('{id}', id) + query, body }]);
  });

  it('covers every account route', () => {
    const covered = new Set(calls.map(([r]) => r));
    const account = ROUTE_IDS.filter(
      (r) =>
        (ROUTES[r] as RouteEntry).rateScope === 'account' || (r.startsWith('list') && r !== 'listRecords'),
    );
    expect(account.filter((r) => !covered.has(r))).toEqual([]);
  });
});
