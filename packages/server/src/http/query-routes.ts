/**
 * The query routes of every entity: aggregate, export (streamed) and import (a CSV or JSON
 * body, a report by row, progress as NDJSON when asked for). Thin: parse, call the core,
 * answer; the meaning lives in core/records.
 */
import { PassThrough, Readable } from 'node:stream';
import {
  type AggregateAnswer,
  IMPORT_MAX_BYTES,
  type ImportMode,
  type ImportReport,
  ROUTES,
} from '@ninefold/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import { aggregateRecords, readAggregateQuery } from '../core/records/aggregate-records';
import { type ExportFormat, exportRecords } from '../core/records/export-records';
import { importRecords } from '../core/records/import-records';
import { csvRows, jsonRows } from '../core/records/import-rows';
import { problemOf, toAppError } from './problem';
import { routeUrl, serveRoute } from './serve-route';

type Route = { Params: { entity: string }; Querystring: Record<string, unknown> };

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

function oneOf<T extends string>(query: Record<string, unknown>, name: string, values: readonly T[]): T {
  const raw = query[name] ?? values[0];
  if (typeof raw !== 'string' || !(values as readonly string[]).includes(raw))
    throw bad(`${name} must be one of ${values.join(', ')}.`);
  return raw as T;
}

/**
 * Registers `GET …/aggregate`, `GET …/export` and `POST …/import` for every entity; `limitWrite`
 * counts each imported row as one write.
 * @example queryRoutes(server, core, scopeLimit(rates, 'write', core.now));
 */
export function queryRoutes(
  server: FastifyInstance,
  core: Core,
  limitWrite: (request: FastifyRequest) => void | Promise<void>,
): void {
  serveRoute<Route>(server, 'aggregateRecords', async (req): Promise<AggregateAnswer> => {
    const scope = core.scope(req.caller);
    return aggregateRecords(
      scope,
      req.params.entity,
      readAggregateQuery(scope, req.params.entity, req.query),
    );
  });
  serveRoute<Route>(server, 'exportRecords', async (req, reply) => {
    const { format: _, ...query } = req.query;
    const format = oneOf<ExportFormat>(req.query, 'format', ['csv', 'json']);
    const file = await exportRecords(core.scope(req.caller), req.params.entity, format, query);
    return reply
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .type(file.contentType)
      .send(Readable.from(file.chunks));
  });
  // In a context of its own: only this route reads a CSV body, and it takes a larger one.
  server.register(async (ctx) => {
    ctx.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    // JSON as text too: its rows are counted against the cap before it is parsed (import-rows.ts).
    ctx.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    ctx.route<Route>({
      method: ROUTES.importRecords.method,
      url: routeUrl('importRecords'),
      bodyLimit: IMPORT_MAX_BYTES,
      errorHandler: (error, req, reply) => {
        const tooLarge = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
        const e = tooLarge ? new AppError('PAYLOAD_TOO_LARGE', { max: IMPORT_MAX_BYTES }) : error;
        return server.errorHandler(e as Parameters<typeof server.errorHandler>[0], req, reply);
      },
      handler: (req, reply) => importRoute(core, limitWrite, req, reply),
    });
  });
}

async function importRoute(
  core: Core,
  limitWrite: (request: FastifyRequest) => void | Promise<void>,
  req: FastifyRequest<Route>,
  reply: FastifyReply,
): Promise<ImportReport | FastifyReply> {
  const { entity } = req.params;
  const { mode: _, ...rest } = req.query;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw bad(`'${extra[0]}' is not a parameter of an import.`);
  const mode = oneOf<ImportMode>(req.query, 'mode', ['all', 'each']);
  const scope = core.scope(req.caller);
  const node = scope.entity(entity);
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (req.body === undefined || req.body === null) throw bad('send the rows as text/csv or a JSON array.');
  const { rows, ignoredColumns } =
    type === 'text/csv' ? csvRows(node, String(req.body)) : jsonRows(node, String(req.body));
  // The columns no create may set (an export's state, read-only, computed fields), said once.
  const noted = (r: ImportReport): ImportReport => (ignoredColumns.length > 0 ? { ...r, ignoredColumns } : r);
  const streaming = /\bapplication\/x-ndjson\b/.test(String(req.headers.accept ?? ''));
  let out: PassThrough | undefined;
  // Headers go out with the first line: a refusal before any row is still a problem answer.
  const line = (value: unknown) => {
    if (!out) {
      out = new PassThrough();
      reply.type('application/x-ndjson').send(out);
    }
    out.write(`${JSON.stringify(value)}\n`);
  };
  const every = Math.max(1, Math.ceil(rows.length / 100));
  try {
    const report = await importRecords(scope, core, entity, rows, {
      mode,
      describe: (e) => {
        const p = problemOf(core.app, e);
        return { code: p.code, ...(p.errors ? { errors: p.errors } : {}) };
      },
      beforeRow: () => limitWrite(req),
      ...(streaming
        ? {
            progress: (done: number, total: number) => {
              if (done % every === 0 || done === total) line({ progress: { done, total } });
            },
          }
        : {}),
    });
    if (!streaming) return noted(report);
    line({ report: noted(report) });
    out!.end();
    return reply;
  } catch (error) {
    if (!out) throw error;
    // The answer is already under way: the failure is its last line, as a problem without internals.
    req.log.error({ err: error }, 'import failed mid-stream');
    line({ problem: problemOf(core.app, toAppError(error, IMPORT_MAX_BYTES)) });
    out.end();
    return reply;
  }
}
