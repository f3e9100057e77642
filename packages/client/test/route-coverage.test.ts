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

describe('the file methods call their routes', () => {
  const sent: { method: string; path: string; type: string | null; raw?: string; form?: FormData }[] = [];
  const ref = { id: 'f1', name: 'a.png', size: 3, type: 'image/png', url: '/api/x?token=t' };
  const client = createClient<typeof app>({
    url: 'http://127.0.0.1:1',
    token: 'x',
    webSocket: () => ({ close() {} }) as never,
    fetch: async (input, init = {}) => {
      init.signal?.throwIfAborted();
      const request = new Request(input, init);
      const url = new URL(request.url);
      const type = request.headers.get('content-type');
      // The body as sent, and as a multipart parser (the WHATWG one) reads it.
      const multipart = type?.startsWith('multipart/')
        ? { raw: await request.clone().text(), form: await request.formData() }
        : {};
      sent.push({ method: request.method, path: url.pathname + url.search, type, ...multipart });
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      if (request.method === 'GET')
        return new Response(new Uint8Array([137, 80, 78]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      return new Response(JSON.stringify(ref), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const id = '0190f0a0-0000-7000-8000-000000000000';
  const fileId = '0190f0a0-0000-7000-8000-00000000000f';
  const expand = (route: RouteId) =>
    ROUTES[route].path
      .replace('{entity}', 'tickets')
      .replace('{id}', id)
      .replace('{field}', 'attachments')
      .replace('{fileId}', fileId);

  it('uploadFile: POST, multipart with one part named file, its name and bytes intact', async () => {
    sent.length = 0;
    const bytes = new Uint8Array([0, 255, 13, 10, 45, 45, 1]);
    const progress: { loaded: number; total: number }[] = [];
    const name = 'Résumé "final"\r\n.png';
    const answer = await client.files.upload(
      'tickets',
      id,
      'attachments',
      new File([bytes], name, { type: 'image/png' }),
      { onProgress: (p) => progress.push(p) },
    );
    expect(answer).toEqual(ref);
    const [call] = sent;
    expect(call).toMatchObject({ method: ROUTES.uploadFile.method, path: expand('uploadFile') });
    expect(call?.type).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const parts = [...(call?.form?.entries() ?? [])];
    expect(parts.map(([k]) => k)).toEqual(['file']);
    const part = parts[0]![1] as File;
    // A quote and line breaks are sent encoded as browsers encode them, so they cannot end the
    // part's header; a parser decodes them back.
    expect(call?.raw).toContain('name="file"; filename="Résumé %22final%22%0D%0A.png"\r\n');
    expect(part.name).toBe(name);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes);
    // Without XMLHttpRequest (Node), progress is told once, when every byte went up.
    expect(progress).toEqual([{ loaded: bytes.length, total: bytes.length }]);
  });

  it('downloadFile: GET the url, with a variant, answered as a typed Blob', async () => {
    sent.length = 0;
    const url = `${expand('downloadFile')}?token=abc`;
    const blob = await client.files.download({ ...ref, url }, { variant: 'thumb' });
    expect(sent).toEqual([{ method: ROUTES.downloadFile.method, path: `${url}&variant=thumb`, type: null }]);
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78]);
    await client.files.download(expand('downloadFile'), { variant: 'a b' });
    expect(sent[1]?.path).toBe(`${expand('downloadFile')}?variant=a%20b`);
  });

  it('deleteFile: DELETE the file’s path', async () => {
    sent.length = 0;
    await client.files.remove('tickets', id, 'attachments', fileId);
    expect(sent).toEqual([{ method: ROUTES.deleteFile.method, path: expand('deleteFile'), type: null }]);
  });

  it('an aborted upload rejects with the signal’s reason and sends nothing', async () => {
    sent.length = 0;
    const controller = new AbortController();
    controller.abort();
    const error = await client.files
      .upload('tickets', id, 'attachments', new Blob(['x']), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(sent).toEqual([]);
  });
});
