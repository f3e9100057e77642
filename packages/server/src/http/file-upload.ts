/**
 * The upload route: `POST /api/entities/{entity}/{id}/files/{field}`, multipart with one part
 * named `file`. The caller is judged (and the upload's ledger row written) before a byte of
 * the body is read; the bytes then stream through the limit to the store, their type is
 * decided from their head while they flow, and the file goes into its field in one write.
 * Whatever fails, the row and the bytes go, and the rest of the body is not read.
 */
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import multipart, { type Multipart } from '@fastify/multipart';
import { acceptsType } from '@ninefold/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../core/app-error';
import { fileTypeRefused } from '../core/files/file-issues';
import type { PendingUpload, StoredUpload } from '../core/files/file-types';
import type { Core } from '../core/ninefold-core';
import { checkPixels, VARIANT_SOURCES } from '../files/image-variants';
import { inspectUpload } from '../files/inspect-upload';
import { safeName } from '../files/safe-name';
import { sniffType } from '../files/sniff-type';
import { fileRouteId } from './file-route-params';
import { loggable } from './problem';
import { routeUrl } from './serve-route';

type Route = { Params: { entity: string; id: string; field: string } };

/** What multipart framing may add around the file's bytes before a Content-Length says "too large". */
const FRAMING_BYTES = 16 * 1024;

const ONE_PART = 'send multipart/form-data with exactly one part, a file named "file".';

/** How long a refused upload's connection stays open for its answer to be read. */
const LINGER_MS = 2_000;

const BROKEN = 'the multipart body ended early or is broken.';

function malformed(reason = ONE_PART): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

/**
 * Stops reading a request refused before its body was all read: nothing more goes to the
 * parser or the store, and the client is held back by flow control until the answer is out.
 * Then what is still arriving is read and dropped for a moment, so the client reads the
 * answer rather than a reset (closing with bytes unread resets the connection, which can
 * destroy the answer in flight), and the connection is cut after that moment at the latest.
 */
function stopReading(req: FastifyRequest, reply: FastifyReply): void {
  if (req.raw.complete) return;
  req.raw.unpipe();
  req.raw.pause();
  const socket = req.raw.socket;
  if (!(socket instanceof Socket)) return;
  reply.raw.once('finish', () => {
    req.raw.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/**
 * Decides the type from the head of the bytes and refuses what the field does not accept,
 * and an image whose header claims more pixels than the field allows (before anything
 * decodes it).
 */
async function judgeHead(head: Buffer, pending: PendingUpload): Promise<string> {
  const type = await sniffType(head);
  if (!acceptsType(pending.accept, type)) throw fileTypeRefused(pending.field, pending);
  // Only types the server itself decodes (its variants) can bomb it; the pixel limit guards those.
  if (VARIANT_SOURCES.has(type)) await checkPixels(head, type, pending.maxPixels, pending.field);
  return type;
}

/** Streams the one file part to the store while its head is judged; answers what was stored. */
async function storePart(core: Core, pending: PendingUpload, file: Readable): Promise<StoredUpload> {
  // The body may have broken already (it was parsed while the caller was judged): a stream
  // destroyed before anyone listened would never end nor fail again.
  if (file.destroyed) throw malformed(BROKEN);
  let sourceFailed = false;
  file.once('error', () => {
    sourceFailed = true;
  });
  const seen = inspectUpload(file, pending.maxBytes);
  // Its failures reach us through the store's put; a refusal of the type may come after it.
  seen.body.on('error', () => undefined);
  const put = core.files.store.put(pending.key, seen.body);
  const judged = seen.head.then((head) => judgeHead(head, pending));
  // A refused type stops the stream at once: nothing more is read or written.
  judged.catch((e: unknown) => seen.body.destroy(e as Error));
  try {
    const [size, type] = await Promise.all([put, judged]);
    return { size, type };
  } catch (e) {
    // The store is done with the key before the upload is aborted: no bytes land after.
    await put.catch(() => undefined);
    // A body cut short or broken in its framing is the client's, not the store's.
    if (!isAppError(e) && sourceFailed) throw malformed(BROKEN);
    throw e;
  }
}

/** The part being streamed now, so a body over its limit can stop it where it is. */
interface Parts {
  current?: Readable;
}

/**
 * Runs `receive` while counting every byte of the body, framing included: a chunked body
 * declares no length, and bytes before the first boundary or after the last are thrown
 * away by the parser uncounted (a regression: 12 MiB of them around a small file passed a
 * 10 MiB limit). Past the limit and its framing the part stops and the upload is refused.
 */
function withinLimit<T>(
  req: FastifyRequest,
  pending: PendingUpload,
  receive: (parts: Parts) => Promise<T>,
): Promise<T> {
  const parts: Parts = {};
  let total = 0;
  let count: (chunk: Buffer) => void = () => {};
  const over = new Promise<never>((_, reject) => {
    count = (chunk) => {
      total += chunk.length;
      if (total <= pending.maxBytes + FRAMING_BYTES) return;
      req.raw.off('data', count);
      const refused = new AppError('PAYLOAD_TOO_LARGE', { max: pending.maxBytes });
      // The part's stream fails, so the store's put fails and leaves nothing.
      parts.current?.destroy(refused);
      reject(refused);
    };
  });
  over.catch(() => undefined);
  req.raw.on('data', count);
  return Promise.race([receive(parts), over]).finally(() => req.raw.off('data', count));
}

/** The one file part, streamed and stored; any other part, or none, is refused. */
async function receive(req: FastifyRequest<Route>, core: Core, pending: PendingUpload, parts: Parts = {}) {
  // The file is cut one byte past the limit, and inspectUpload refuses it there: one reading
  // of "too large". Two parts at most are parsed: the second, whatever it is, is refused.
  const options = {
    limits: {
      fileSize: pending.maxBytes + 1,
      files: 2,
      fields: 1,
      parts: 2,
      fieldSize: 1024,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  };
  const iterator = req.parts(options as Parameters<FastifyRequest['parts']>[0]) as AsyncIterator<Multipart>;
  let first: IteratorResult<Multipart>;
  try {
    first = await iterator.next();
  } catch {
    throw malformed();
  }
  const part = first.value;
  if (first.done || part?.type !== 'file' || part.fieldname !== 'file') throw malformed();
  parts.current = part.file;
  const stored = await storePart(core, pending, part.file);
  let more: IteratorResult<Multipart>;
  try {
    more = await iterator.next();
  } catch {
    throw malformed();
  }
  if (!more.done) throw malformed();
  return { stored, name: safeName(part.filename) };
}

/** Aborts the upload; a failure to is logged (the sweep removes what is left), not answered. */
async function abortQuietly(req: FastifyRequest, core: Core, pending: PendingUpload): Promise<void> {
  try {
    await core.files.abort(pending);
  } catch (e) {
    req.log.error(
      { err: loggable(e), fileId: pending.id },
      'an upload could not be aborted; the sweep will remove it',
    );
  }
}

/** The declared Content-Length, when it alone already says the file is too large. */
function tooLong(req: FastifyRequest, pending: PendingUpload): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > pending.maxBytes + FRAMING_BYTES;
}

/**
 * Registers the upload route in `server`, which must be a context of its own: multipart is
 * parsed there only, and the app's JSON body limit does not apply (the field's does).
 * @example await server.register(async (ctx) => fileUploadRoute(ctx, core, limitWrite));
 */
export async function fileUploadRoute(
  server: FastifyInstance,
  core: Core,
  limitWrite: (request: FastifyRequest) => void | Promise<void>,
): Promise<void> {
  // No parser reads the body before the caller is judged: anything not multipart is left
  // unread and refused by the handler.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', (_req, _payload, done) => done(null));
  await server.register(multipart);
  server.route<Route>({
    method: 'POST',
    url: routeUrl('uploadFile'),
    handler: async (req, reply: FastifyReply) => {
      let pending: PendingUpload | undefined;
      try {
        await limitWrite(req);
        if (!req.isMultipart()) throw malformed();
        const { entity, id, field } = req.params;
        const begun = await core.files.begin(req.caller, entity, fileRouteId(id), field, undefined);
        pending = begun;
        if (tooLong(req, begun)) throw new AppError('PAYLOAD_TOO_LARGE', { max: begun.maxBytes });
        const { stored, name } = await withinLimit(req, begun, (parts) => receive(req, core, begun, parts));
        const ref = await core.files.finish(req.caller, { ...begun, name }, stored);
        return reply.code(201).send(ref);
      } catch (e) {
        stopReading(req, reply);
        if (pending) await abortQuietly(req, core, pending);
        throw e;
      }
    },
  });
}
