/**
 * The audit log over HTTP: a record's history for whoever may read the record, and the
 * whole log for admins.
 */
import type { AuditEntry, HistoryEntry, Page } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import { auditPage, recordHistory } from '../core/audit/read-audit';
import type { Core } from '../core/ninefold-core';
import { isUuid } from '../core/uuid7';
import { serveRoute } from './serve-route';

/**
 * Registers `GET /api/entities/:entity/:id/history` and `GET /api/audit`.
 * @example historyRoutes(server, core);
 */
export function historyRoutes(server: FastifyInstance, core: Core): void {
  // The answers are typed by the contract's wire types: core's shapes must stay assignable.
  serveRoute<{ Params: { entity: string; id: string } }>(server, 'getHistory', async (req) => {
    const id = req.params.id.toLowerCase();
    // Ids are UUIDs; anything else names no record.
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const history: { items: HistoryEntry[] } = await recordHistory(
      core.scope(req.caller),
      req.params.entity,
      id,
    );
    return history;
  });
  serveRoute(server, 'getAudit', async (req) => {
    const page: Page<AuditEntry> = await auditPage(
      core.scope(req.caller),
      req.query as Record<string, unknown>,
    );
    return page;
  });
}
