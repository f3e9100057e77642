/**
 * `GET /api/mail`: the mail queue for admins — what was sent, is waiting, failed or was
 * dropped — with the bodies in development, where the outbox keeps them.
 */
import { type ItemsAnswer, isAdminRole, type MailEntry } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import type { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import { recentMail } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import { limitAccountRead } from './account-limit';
import { serveRoute } from './serve-route';

/**
 * How many mails the list shows: the latest, enough for an admin console's page.
 * @example (await mailer.recent(MAIL_LIST_SIZE)).length <= MAIL_LIST_SIZE // true
 */
export const MAIL_LIST_SIZE = 100;

/**
 * Registers `GET /api/mail`, counted against the `accountReads` window. Without a mailer (a
 * server built on its own) it lists the queue without bodies.
 * @example mailRoute(server, core, rates, mailer);
 */
export function mailRoute(server: FastifyInstance, core: Core, rates: RateLimits, mailer?: Mailer): void {
  serveRoute(server, 'listMail', async (req): Promise<ItemsAnswer<MailEntry>> => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    await limitAccountRead(req, rates, core.now());
    if (!isAdminRole(core.app, req.caller.role)) throw new AppError('FORBIDDEN');
    const items = mailer ? await mailer.recent(MAIL_LIST_SIZE) : await recentMail(core.db, MAIL_LIST_SIZE);
    return { items };
  });
}
