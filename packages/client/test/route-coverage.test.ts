/**
 * The client implements the route table: every route has a method, named here once. A route
 * added to the table without one fails to compile (the mapping must cover every RouteId), and
 * a method named that the client lacks fails at run time.
 */

import type app from '@ninefold/example-helpdesk';
import { ROUTE_IDS, type RouteId } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { createClient, type NinefoldClient } from '../src/index';

type Client = NinefoldClient<typeof app>;
type MethodPath =
  | Exclude<keyof Client, 'auth'>
  | `auth.${Exclude<keyof Client['auth'], 'onChange' | 'token'>}`;

const METHODS = {
  getHealth: 'health',
  getMeta: 'meta',
  getOpenApi: 'openApi',
  authSignup: 'auth.signUp',
  authLogin: 'auth.signIn',
  authLogout: 'auth.signOut',
  authMe: 'auth.me',
  getQuotas: 'quotas',
  getRates: 'rates',
  getAudit: 'audit',
  getMetrics: 'metrics',
  listRecords: 'list',
  createRecord: 'create',
  getRecord: 'get',
  updateRecord: 'update',
  deleteRecord: 'delete',
  getHistory: 'history',
  runTransition: 'transition',
  runAction: 'action',
  realtime: 'subscribe',
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
