/**
 * The file routes of the contract (packages/spec/src/contract/file-routes.ts): upload into a
 * record's file field, download one of its files, remove one. Thin: the core judges every
 * call by the record's rules; these parse, stream and answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core/ninefold-core';
import { fileDownloadRoute } from './file-download';
import { fileRouteId } from './file-route-params';
import { fileUploadRoute } from './file-upload';
import { serveRoute } from './serve-route';

type Route = { Params: { entity: string; id: string; field: string; fileId: string } };

/**
 * Registers the file routes. The upload gets a context of its own (multipart is parsed
 * there only, under the field's limit rather than the app's JSON body limit), so register
 * these after every hook the server's routes share: a hook added later never reaches it.
 * @example await fileRoutes(server, core, scopeLimit(rates, 'write', core.now));
 */
export async function fileRoutes(
  server: FastifyInstance,
  core: Core,
  limitWrite: (request: FastifyRequest) => void | Promise<void>,
): Promise<void> {
  fileDownloadRoute(server, core);
  serveRoute<Route>(server, 'deleteFile', async (req, reply) => {
    await limitWrite(req);
    const { entity, id, field, fileId } = req.params;
    await core.files.remove(req.caller, entity, fileRouteId(id), field, fileRouteId(fileId));
    return reply.code(204).send();
  });
  await server.register(async (upload) => fileUploadRoute(upload, core, limitWrite));
}
