/**
 * The helpdesk with the API key options of the spec in use: agents' keys may act as
 * customers, an `integration` role of service accounts, a `kiosk` role that may hold no
 * keys, and optionally a small write rate for agents (a test reaches it quickly) and
 * customers who must verify their address.
 */
import helpdesk from '@ninefold/example-helpdesk';
import { type App, defineApp } from '@ninefold/spec';

/** Writes an agent may make a minute in `keysApp({ agentWrites: true })`. */
export const AGENT_WRITES = 4;

/**
 * @example const app = keysApp({ agentWrites: true });
 */
export function keysApp(
  options: { agentWrites?: boolean; customerVerifies?: boolean | { actAs: string } } = {},
): App {
  const app = helpdesk as unknown as App;
  const spec = {
    about: app.about,
    roles: {
      ...app.roles,
      ...(options.customerVerifies === undefined
        ? {}
        : { customer: { ...app.roles.customer, verifyEmail: options.customerVerifies } }),
      agent: { ...app.roles.agent, apiKeys: { roles: ['customer'] } },
      integration: { label: 'Integration', service: true },
      kiosk: { label: 'Kiosk', apiKeys: false },
    },
    constants: app.constants,
    errors: Object.fromEntries(
      Object.values(app.errors)
        .filter((e) => !e.builtin)
        .map((e) => [e.code, { status: e.status, message: e.message }]),
    ),
    entities: app.entities,
    actions: app.actions,
    limits: options.agentWrites
      ? {
          ...app.limits,
          rates: {
            ...app.limits.rates,
            agentWrites: { scope: 'write', roles: ['agent'], max: AGENT_WRITES, window: '1m' },
          },
        }
      : app.limits,
    screens: app.screens,
  };
  return defineApp(spec as Parameters<typeof defineApp>[0]) as unknown as App;
}
