/**
 * Invitations over HTTP: invite (again), list, revoke, accept. Inviting counts against the
 * `account` window of the inviter and the `mail` window of the invited address; listing
 * against `accountReads`.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import type { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import { limitAccount, limitAccountRead, mailCountedIfDone } from './account-limit';
import { signedInReply } from './account-routes';
import { serveRoute } from './serve-route';

function invitedAddress(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : undefined;
}

/**
 * Registers the invitation routes of the route table.
 * @example invitationRoutes(server, core, rates);
 */
export function invitationRoutes(server: FastifyInstance, core: Core, rates: RateLimits): void {
  serveRoute(server, 'createInvitation', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    const now = core.now();
    const to = invitedAddress(req.body);
    await limitAccount(req, rates, now, to);
    const invitation = await mailCountedIfDone(rates, now, to, () => core.invite(req.caller, req.body));
    reply.code(201);
    return invitation;
  });

  serveRoute(server, 'listInvitations', async (req) => {
    await limitAccountRead(req, rates, core.now());
    return { items: await core.invitations(req.caller) };
  });

  serveRoute<{ Params: { id: string } }>(server, 'deleteInvitation', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    await limitAccount(req, rates, core.now());
    await core.revokeInvitation(req.caller, req.params.id);
    return reply.code(204).send();
  });

  serveRoute(server, 'acceptInvitation', async (req, reply) => {
    await limitAccount(req, rates, core.now());
    return signedInReply(req, reply, await core.acceptInvitation(req.body));
  });
}
