/**
 * The download route: `GET` (and `HEAD`) `/api/entities/{entity}/{id}/files/{field}/{fileId}`.
 * The core judges the caller (the url's token, or the session) against the record's and the
 * field's read rules on every request; the bytes then stream from the store with headers
 * that cannot make them run in the app's origin. `?variant=` serves a declared image
 * variant, `?download` an attachment; `Range` and `If-None-Match` are honoured, cheaply.
 */
import { type App, DEFAULT_MAX_PIXELS, type ImageVariant, isFileField } from '@ninefold/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { fileRowById } from '../core/files/file-ledger';
import type { FileRow } from '../core/files/file-types';
import type { Core } from '../core/ninefold-core';
import type { ByteRange } from '../files/file-store';
import { VARIANT_SOURCES, variantKey, variantOf } from '../files/image-variants';
import { servedHeaders } from '../files/served-headers';
import { fileRouteId } from './file-route-params';
import { routeUrl } from './serve-route';

type Route = {
  Params: { entity: string; id: string; field: string; fileId: string };
  Querystring: Record<string, string | string[] | undefined>;
};

/** A query parameter given once, or nothing; given twice it is refused as `code`. */
function single(value: string | string[] | undefined, code: string): string | undefined {
  if (Array.isArray(value)) throw new AppError(code);
  return value;
}

/**
 * The one range of a `Range: bytes=…` header within `size` bytes; undefined for none, for
 * several (served whole), and for one that cannot be satisfied (served whole too).
 * @example byteRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 */
export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 ? undefined : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? undefined : { start, end };
}

/** Whether an `If-None-Match` header names `etag` (or any). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The field's declared variant by name, and its pixel limit: NOT_FOUND for any other name. */
function declaredVariant(app: App, row: FileRow, name: string): { variant: ImageVariant; maxPixels: number } {
  const field = app.entities[row.entity]?.fields[row.field];
  if (!field || !isFileField(field) || !field.variants || !Object.hasOwn(field.variants, name)) {
    throw new AppError('NOT_FOUND');
  }
  // A variant of what is no image (a PDF) does not exist either.
  if (!VARIANT_SOURCES.has(row.type)) throw new AppError('NOT_FOUND');
  return { variant: field.variants[name] as ImageVariant, maxPixels: field.maxPixels ?? DEFAULT_MAX_PIXELS };
}

/** Sets the served headers (revalidated on every use: access is judged again each time). */
function serveHeaders(reply: FastifyReply, type: string, name: string, download: boolean, etag: string) {
  reply.header('etag', etag);
  reply.headers(servedHeaders(type, name, { download }));
}

/** Serves an image variant: made (or read from the cache) by the content's code. */
async function sendVariant(
  core: Core,
  req: FastifyRequest<Route>,
  reply: FastifyReply,
  row: FileRow,
  name: string,
) {
  const { variant, maxPixels } = declaredVariant(core.app, row, name);
  const etag = `"${row.id}.${name}"`;
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
  let made: Awaited<ReturnType<typeof variantOf>>;
  try {
    made = await variantOf(core.files.store, row.key, name, variant, maxPixels);
  } catch (e) {
    // An image sharp cannot turn into the variant (corrupt past its header, over the pixel
    // limit once decoded) has no such variant: the original is still served without one.
    req.log.warn({ fileId: row.id, variant: name, err: e }, 'an image variant could not be made');
    throw new AppError('NOT_FOUND');
  }
  // A file removed while its variant was being made: the removal may have cleared its
  // variants before this one landed, and nothing else would find it (a regression).
  if ((await fileRowById(core.db, row.id))?.status !== 'ready') {
    made.body.destroy();
    await core.files.store.remove(variantKey(row.key, name, variant)).catch(() => {});
    throw new AppError('NOT_FOUND');
  }
  serveHeaders(reply, made.type, row.name, 'download' in req.query, etag);
  reply.header('content-length', made.size);
  if (req.method !== 'HEAD') return reply.send(made.body);
  made.body.destroy();
  return reply.send();
}

/** Serves the file itself, a range of it when asked. */
async function sendFile(core: Core, req: FastifyRequest<Route>, reply: FastifyReply, row: FileRow) {
  const etag = `"${row.id}"`;
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
  const ifRange = req.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? byteRange(req.headers.range, row.size) : undefined;
  const got = req.method === 'HEAD' ? undefined : await core.files.store.get(row.key, range);
  if (got === null) {
    // The ledger names bytes the store lacks: nothing to serve, and the log says so.
    req.log.error({ fileId: row.id }, 'a ready file has no bytes in the store');
    throw new AppError('NOT_FOUND');
  }
  serveHeaders(reply, row.type, row.name, 'download' in req.query, etag);
  reply.header('accept-ranges', 'bytes');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : row.size);
  return got ? reply.send(got.body) : reply.send();
}

/**
 * Registers the download route (GET and HEAD: a HEAD reads no bytes).
 * @example fileDownloadRoute(server, core);
 */
export function fileDownloadRoute(server: FastifyInstance, core: Core): void {
  server.route<Route>({
    method: ['GET', 'HEAD'],
    url: routeUrl('downloadFile'),
    handler: async (req, reply) => {
      const { entity, id, field, fileId } = req.params;
      const token = single(req.query.token, 'INVALID_TOKEN');
      const variant = single(req.query.variant, 'NOT_FOUND');
      const row = await core.files.open(req.caller, {
        entity,
        id: fileRouteId(id),
        field,
        fileId: fileRouteId(fileId),
        ...(token !== undefined ? { token } : {}),
      });
      return variant === undefined
        ? sendFile(core, req, reply, row)
        : sendVariant(core, req, reply, row, variant);
    },
  });
}
