/**
 * What the notification tests share: a person's notifications and mail as rows, the routes
 * called as a client, and a realtime socket of a client of a listening test app.
 */
import type { NotificationItem, NotificationList } from '@ninefold/spec';
import type { TestApp } from '@ninefold/testing';
import { TestSocket } from '../realtime/test-socket';

/** What these helpers need of a test app, whatever its spec. */
type AnyApp = Pick<TestApp<any>, 'db' | 'inject' | 'url'>;
/** A client as these helpers use it: the headers that sign in as it. */
type Client = { headers(): Record<string, string> };
type Person = { readonly id: string } | { readonly user: { readonly id: string } | null };

const idOf = (p: Person): string => ('id' in p ? p.id : p.user!.id);

/**
 * The notifications a person holds, oldest first, as the table keeps them.
 * @example expect(await rowsOf(t, customer)).toHaveLength(1)
 */
export async function rowsOf(t: AnyApp, person: Person): Promise<Record<string, unknown>[]> {
  return t.db.all(
    t.db.qb.selectFrom('nf_notifications').selectAll().where('userId', '=', idOf(person)).orderBy('id'),
  );
}

/**
 * The mail queued to an address, oldest first: its params as queued.
 * @example expect((await mailTo(t, email)).map((m) => m.params.title)).toEqual(['Resolved: …'])
 */
export async function mailTo(
  t: AnyApp,
  email: string,
): Promise<{ message: string; params: Record<string, string> }[]> {
  const rows = await t.db.all<{ message: string; params: string | object }>(
    t.db.qb.selectFrom('nf_mail').select(['message', 'params']).where('to', '=', email).orderBy('id'),
  );
  return rows.map((r) => ({
    message: r.message,
    params: typeof r.params === 'string' ? JSON.parse(r.params) : (r.params as Record<string, string>),
  }));
}

/**
 * Calls a route as a client (or signed out, with no client): status and JSON body.
 * @example const { status, body } = await call(t, customer, 'GET', '/api/notifications');
 */
export async function call(
  t: AnyApp,
  client: Client | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await t.inject({
    method,
    url,
    headers: client ? client.headers() : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/**
 * The caller's notification centre.
 * @example const { items, unread } = await inbox(t, customer);
 */
export async function inbox(t: AnyApp, client: Client, query = ''): Promise<NotificationList> {
  const { status, body } = await call(t, client, 'GET', `/api/notifications${query}`);
  if (status !== 200) throw new Error(`GET /api/notifications answered ${status}: ${JSON.stringify(body)}`);
  return body as NotificationList;
}

/**
 * A realtime socket of a client of a listening test app.
 * @example const socket = await socketOf(t, customer);
 */
export function socketOf(t: AnyApp, client: Client): Promise<TestSocket> {
  return TestSocket.open(Number(new URL(t.url).port), client.headers());
}

/**
 * The notifications a socket was told, in order.
 * @example expect(toldOn(socket).map((n) => n.notification)).toEqual(['agentReplied'])
 */
export function toldOn(socket: TestSocket): NotificationItem[] {
  return (socket.messages as unknown as { type: string; notification?: NotificationItem }[])
    .filter((m) => m.type === 'notification')
    .map((m) => m.notification!);
}
