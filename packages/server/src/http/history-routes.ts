/**
 * The audit log over HTTP: a record's history for whoever may read the record, and the
 * whole log for admins.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import { auditPage, recordHistory } from '../core/audit/read-audit';
import type { Core } from '../core/ninefold-core';
import { isUuid } from '../core/uuid7';

/**
 * Registers `GET /api/entities/:entity/:id/history` and `GET /api/audit`.
 * @example historyRoutes(server, core);
 */
export function historyRoutes(server: FastifyInstance, core: Core): void {
  server.get<{ Params: { entity: string; id: string } }>('/api/entities/:entity/:id/history', (req) => {
    const id = req.params.id.toLowerCase();
    // Ids are UUIDs; anything else names no record.
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    return recordHistory(core.scope(req.caller), req.params.entity, id);
  });
  server.get('/api/audit', (req) => auditPage(core.scope(req.caller), req.query as Record<string, unknown>));
}
