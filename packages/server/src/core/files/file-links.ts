/**
 * The links a browser downloads files by: `/api/entities/{entity}/{id}/files/{field}/{fileId}
 * ?token=<t>`, where `t` binds the file, the caller it was given to (their user id, the role
 * they acted as, the API key they came with) and an expiry, signed with HMAC-SHA256 under a
 * key every process of the database shares (`nf_keys`). A token only says who may ask: the
 * download judges that caller again, now (file-open.ts), so a link stops working when its
 * holder loses access, whatever its expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { App } from '@ninefold/spec';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../app-error';
import type { Caller } from '../rules/rule-context';
import { sharedKey } from '../shared-key';

const KEY_ID = 'file-links';
/** Expiries are rounded up to this step, so a record read twice gives the browser one url to cache. */
export const FILE_LINK_STEP_MS = 5 * 60_000;

/** What a verified token names: the caller to judge again, and until when it was good. */
export interface LinkClaims {
  readonly fileId: string;
  /** Null: given to a caller who was not signed in. */
  readonly userId: string | null;
  readonly role: string;
  readonly apiKey: string | null;
  /** Seconds since the epoch. */
  readonly expires: number;
}

/**
 * Signs and reads file links for one database. The key is read once (`ready()`); answers
 * made before it is read wait for it, every one after signs at once.
 * @example const url = links.url('tickets', id, 'attachments', file.id, caller, now);
 */
export class FileLinks {
  #key: Buffer | undefined;
  #loading: Promise<Buffer> | undefined;
  readonly ttlMs: number;

  constructor(
    readonly db: Executor,
    app: App,
    key?: Buffer,
  ) {
    this.#key = key;
    // A framework constant an app may override (ACCOUNT_CONSTANTS), checked a whole number above 0.
    this.ttlMs = Number(app.constants.FILE_LINK_TTL_MINUTES?.value) * 60_000;
  }

  /** The key, when it has been read. */
  get key(): Buffer | undefined {
    return this.#key;
  }

  /** Reads the key (once); later calls answer the same. */
  ready(): Promise<Buffer> {
    if (this.#key) return Promise.resolve(this.#key);
    this.#loading ??= sharedKey(this.db, KEY_ID).then(
      (k) => {
        this.#key = k;
        return k;
      },
      (e) => {
        this.#loading = undefined;
        throw e;
      },
    );
    return this.#loading;
  }

  /**
   * The token for `caller` to download `fileId` until a little past `now` + the lifetime.
   * @example links.token(fileId, caller, new Date())
   */
  token(fileId: string, caller: Caller | null, now: Date): string {
    const key = this.#key;
    if (!key) throw new Error('file link key not read yet: await links.ready() first');
    const expires = Math.ceil((now.getTime() + this.ttlMs) / FILE_LINK_STEP_MS) * (FILE_LINK_STEP_MS / 1000);
    const claims = [fileId, caller?.id ?? null, caller?.role ?? '', caller?.apiKey ?? null, expires];
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${sign(key, payload)}`;
  }

  /** The url a caller downloads a file by. */
  url(entity: string, id: string, field: string, fileId: string, caller: Caller | null, now: Date): string {
    return `/api/entities/${entity}/${id}/files/${field}/${fileId}?token=${this.token(fileId, caller, now)}`;
  }

  /**
   * What a token for `fileId` claims: INVALID_TOKEN when it was not signed here, is for
   * another file, or has expired.
   * @example const claims = await links.verify(token, fileId, now);
   */
  async verify(token: string, fileId: string, now: Date): Promise<LinkClaims> {
    const key = await this.ready();
    const dot = token.indexOf('.');
    const payload = token.slice(0, dot);
    // Compared as text, not decoded: base64 leaves spare bits in its last character, and a
    // token that differs in them must not pass as the same.
    const given = Buffer.from(token.slice(dot + 1));
    const wanted = Buffer.from(sign(key, payload));
    if (dot < 1 || given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new AppError('INVALID_TOKEN');
    const claims = readClaims(payload);
    if (!claims || claims.fileId !== fileId || claims.expires * 1000 <= now.getTime())
      throw new AppError('INVALID_TOKEN');
    return claims;
  }
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`nf-file:${payload}`).digest('base64url');
}

function readClaims(payload: string): LinkClaims | undefined {
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    const [fileId, userId, role, apiKey, expires] = c;
    if (typeof fileId !== 'string' || typeof role !== 'string' || typeof expires !== 'number')
      return undefined;
    if (userId !== null && typeof userId !== 'string') return undefined;
    if (apiKey !== null && typeof apiKey !== 'string') return undefined;
    return { fileId, userId, role, apiKey, expires };
  } catch {
    return undefined;
  }
}

// The links of each database, found from any of its executors (a transaction's shares the
// database's query builder), so an answer made deep in a read or a write signs with them.
const byBuilder = new WeakMap<object, FileLinks>();

/**
 * Makes (or finds) the links of a database, and starts reading their key.
 * @example const links = fileLinks(app, db);
 */
export function fileLinks(app: App, db: Database, key?: Buffer): FileLinks {
  let links = byBuilder.get(db.qb);
  if (!links || (key && !links.key)) {
    links = new FileLinks(db, app, key);
    byBuilder.set(db.qb, links);
  }
  // Read now, so the first answer rarely waits; a database without its schema yet is asked again later.
  links.ready().catch(() => {});
  return links;
}

/**
 * The links of the database `exec` runs on (any of its transactions too).
 * @example const links = linksOf(scope.exec);
 */
export function linksOf(exec: Executor): FileLinks | undefined {
  return byBuilder.get(exec.qb);
}
