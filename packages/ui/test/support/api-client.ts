/**
 * The helpdesk's typed client in Node, signed in as someone: a test arranges what it needs
 * (a resolved ticket, four more open ones) through the API, the way another person would.
 */
import { createClient, type NinefoldClient } from '@ninefold/client';
import type app from '@ninefold/example-helpdesk';
import { PASSWORD } from './helpdesk-server';

export type HelpdeskClient = NinefoldClient<typeof app>;

/**
 * @example const agent = await apiAs(hd.base, 'agent@helpdesk.test'); await agent.transition('tickets', id, 'triage', {});
 */
export async function apiAs(base: string, email: string): Promise<HelpdeskClient> {
  const client = createClient<typeof app>({ url: base });
  // In Node the client keeps the token and sends it as a bearer header.
  await client.auth.signIn({ email, password: PASSWORD });
  return client;
}
