/**
 * The generated REST API of every entity: list, get, create, patch, delete and transitions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import { expandRecords, readExpand } from '../core/records/expand-records';
import { isUuid } from '../core/uuid7';
import { serveRoute } from './serve-route';

type Route = { Params: { entity: string; id: string; name: string } };

/** The version an `If-Match` header names (`3`, `"3"` or `W/"3"`), if any. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})"?$/.exec(String(raw).trim());
  if (!m)
    throw new AppError('MALFORMED_REQUEST', { reason: 'If-Match must name a record version, such as "3".' });
  return Number(m[1]);
}

/** The body to validate: none at all reads as `{}`, but JSON `null` stays null and is refused. */
function bodyOf(request: FastifyRequest): unknown {
  return request.body === undefined ? {} : request.body;
}

function recordId(id: string): string {
  // Ids are UUIDs; anything else names no record.
  if (!isUuid(id.toLowerCase())) throw new AppError('NOT_FOUND');
  return id.toLowerCase();
}

/** Registers the entity routes under /api/entities. */
export function entityRoutes(
  server: FastifyInstance,
  core: Core,
  limitWrite: (request: FastifyRequest) => void | Promise<void>,
): void {
  serveRoute<Route>(server, 'listRecords', (req) =>
    core.list(req.caller, req.params.entity, req.query as Record<string, unknown>),
  );
  serveRoute<Route>(server, 'getRecord', (req) => {
    const { expand } = req.query as Record<string, unknown>;
    if (expand === undefined) return core.get(req.caller, req.params.entity, recordId(req.params.id));
    return getExpanded(req, expand);
  });
  /** A record and, under `$expand`, the records it points at (`?expand=f1,f2`), as a list's items. */
  async function getExpanded(req: FastifyRequest<Route>, expand: unknown) {
    const scope = core.scope(req.caller);
    scope.entity(req.params.entity);
    const fields = readExpand(scope, req.params.entity, expand);
    const record = await core.get(req.caller, req.params.entity, recordId(req.params.id));
    await expandRecords(scope, req.params.entity, [record], fields);
    return record;
  }
  serveRoute<Route>(server, 'createRecord', async (req, reply) => {
    await limitWrite(req);
    reply.code(201);
    return core.create(req.caller, req.params.entity, bodyOf(req));
  });
  serveRoute<Route>(server, 'updateRecord', async (req) => {
    await limitWrite(req);
    return core.update(
      req.caller,
      req.params.entity,
      recordId(req.params.id),
      bodyOf(req),
      ifMatchVersion(req),
    );
  });
  serveRoute<Route>(server, 'deleteRecord', async (req, reply) => {
    await limitWrite(req);
    await core.remove(req.caller, req.params.entity, recordId(req.params.id), ifMatchVersion(req));
    return reply.code(204).send();
  });
  serveRoute<Route>(server, 'runTransition', async (req) => {
    await limitWrite(req);
    return core.transition(
      req.caller,
      req.params.entity,
      recordId(req.params.id),
      req.params.name,
      bodyOf(req),
      ifMatchVersion(req),
    );
  });
}
