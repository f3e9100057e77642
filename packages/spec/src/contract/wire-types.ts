/**
 * The wire types of the HTTP contract: what the server answers and the client reads, declared
 * once. The server's answers are checked against them where it builds them, the client and the
 * UI type their reads with them, and `wire-schemas.ts` describes the same shapes to OpenAPI.
 */
import type { RateKey, RateScope } from '../app/limits';

/**
 * One failing field of a problem: `path` joins nested names and list indexes with dots
 * (`tags.2`); `code` is a field issue (`required`, `too_long`, …) or an error code of the app.
 * @example const issue: FieldError = { path: 'subject', code: 'too_short', message: 'Subject is too short.' };
 */
export interface FieldError {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** The values a problem's message template was filled with, by name. */
export type ProblemParams = Readonly<Record<string, string | number>>;

/**
 * Every failure, as `application/problem+json` (RFC 9457) with a catalogue code.
 * @example
 * const p: Problem = { type: 'urn:ninefold:problem:NOT_FOUND', title: 'Not found.', status: 404,
 *   code: 'NOT_FOUND', detail: 'Not found.' };
 */
export interface Problem<C extends string = string> {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: C;
  readonly detail: string;
  readonly params?: ProblemParams;
  readonly errors?: readonly FieldError[];
}

/**
 * One page of a list: `nextCursor` leads to the next, null on the last.
 * @example const page: Page<{ id: string }> = { items: [], nextCursor: null };
 */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
  /** With `?count=true`: how many records match that the caller may read, over every page. */
  readonly total?: number;
  /**
   * Set when a count with a `contains` filter or a `search` stopped at its bound (10,000
   * records examined or matched): `total` is then a lower bound ("10,000+"), as PostgREST's
   * estimated counts are not exact. Counts with plain filters are always exact.
   */
  readonly totalIsLowerBound?: true;
}

/**
 * What `?expand=f1,f2` adds to each item of a list (and to a single record): per reference
 * field, the record it points at as the caller may read it, or null when there is none or the
 * caller may not read it (its own read rule and field rules decide, never the outer record's).
 * @example const book = loan.$expand?.book?.title;
 */
export type Expanded = Readonly<Record<string, (RecordBase & Readonly<Record<string, unknown>>) | null>>;

/** The functions `GET …/aggregate` computes over a field: `?sum=amount&avg=amount,rating`. */
export type AggregateOp = 'sum' | 'min' | 'max' | 'avg';

/**
 * One group of an aggregate: the grouping fields' values, how many records it holds (with
 * `?count`), and per function the value of each field asked for (null over no values).
 * @example const g: AggregateGroup = { key: { status: 'open' }, count: 12, sum: { amount: 4200 } };
 */
export interface AggregateGroup {
  readonly key: Readonly<Record<string, unknown>>;
  readonly count?: number;
  readonly sum?: Readonly<Record<string, number | null>>;
  readonly min?: Readonly<Record<string, number | string | null>>;
  readonly max?: Readonly<Record<string, number | string | null>>;
  readonly avg?: Readonly<Record<string, number | null>>;
}

/**
 * `GET /api/entities/{entity}/aggregate`: the groups over what the caller may read (one group
 * with an empty key when there is no `groupBy`).
 * @example const { groups }: AggregateAnswer = await res.json();
 */
export interface AggregateAnswer {
  readonly groups: readonly AggregateGroup[];
}

/** How an import treats a failing row: `all` writes nothing unless every row passes; `each` writes every row that passes. */
export type ImportMode = 'all' | 'each';

/**
 * The outcome of one row of an import (rows count from 1, as a spreadsheet does after its
 * header): `created` with the new record's id; `failed` with the catalogue code and the
 * failing fields; `skipped` when an `all` import stopped before writing anything.
 */
export interface ImportRowResult {
  readonly row: number;
  readonly status: 'created' | 'failed' | 'skipped';
  readonly id?: string;
  readonly code?: string;
  readonly errors?: readonly FieldError[];
}

/**
 * What `POST /api/entities/{entity}/import` answers: a report by row.
 * @example if (report.failed > 0) show(report.rows.filter((r) => r.status === 'failed'));
 */
export interface ImportReport {
  readonly mode: ImportMode;
  readonly total: number;
  readonly created: number;
  readonly failed: number;
  readonly rows: readonly ImportRowResult[];
  /**
   * The columns left out of every row because no create may set them (the state, read-only
   * and computed fields an export writes), in declared order; absent when there were none.
   */
  readonly ignoredColumns?: readonly string[];
}

/**
 * What the caller may do with a record now, sent as `$can` with single-record answers: the
 * fields it may change, whether it may delete it, the transitions it may run.
 * @example const can: RecordCan = { update: ['priority'], delete: false, transitions: ['resolve'] };
 */
export interface RecordCan<F extends string = string, T extends string = string> {
  readonly update: readonly F[];
  readonly delete: boolean;
  readonly transitions: readonly T[];
}

/** The system fields every record carries. */
export interface RecordBase {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** What a write did, as the audit log records it. */
export type AuditOperation = 'create' | 'update' | 'delete' | 'transition' | 'action';

/**
 * One entry of a record's history (`GET /api/entities/{entity}/{id}/history`), cut to the
 * fields the caller may read.
 * @example const e: HistoryEntry = { id, at, actor: null, actorRole: null, operation: 'create', name: null, fromState: null, toState: 'open', changes: {} };
 */
export interface HistoryEntry {
  readonly id: string;
  readonly at: string;
  readonly actor: string | null;
  readonly actorRole: string | null;
  readonly operation: AuditOperation;
  /** The transition's or action's name. */
  readonly name: string | null;
  readonly fromState: string | null;
  readonly toState: string | null;
  /** Per field, `[before, after]`. */
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
}

/**
 * One entry of the whole audit log (`GET /api/audit`): a history entry and the record it is of.
 * @example page.items.map((e: AuditEntry) => `${e.entity}/${e.recordId}`)
 */
export interface AuditEntry extends HistoryEntry {
  readonly entity: string;
  readonly recordId: string;
}

/**
 * How much of a declared quota the caller has used (`GET /api/quotas`): records of a count
 * quota, or bytes of files of a storage quota (`unit: 'bytes'`, `entity` its entity or `*`).
 * @example const q: QuotaUsage = { name: 'openTickets', entity: 'tickets', max: 5, used: 3, remaining: 2 };
 * @example const s: QuotaUsage = { name: 'customerFiles', entity: '*', max: 104857600, used: 48213, remaining: 104809387, unit: 'bytes' };
 */
export interface QuotaUsage {
  readonly name: string;
  readonly entity: string;
  readonly max: number;
  readonly used: number;
  readonly remaining: number;
  /** What is counted (default records). */
  readonly unit?: 'records' | 'bytes';
}

/**
 * One rate window as it stands now (`GET /api/rates`, admins).
 * @example usage.filter((r: RateUsage) => r.limited > 0)
 */
export interface RateUsage {
  readonly name: string;
  readonly scope: RateScope;
  readonly max: number;
  readonly windowSeconds: number;
  /** False for the built-in sign-in and sign-up limits of an app that declares none. */
  readonly declared: boolean;
  readonly per: readonly RateKey[];
  readonly perEvent: 'all' | 'one';
  /** Keys with events in the window, keys at the limit now, events in the window. */
  readonly keys: number;
  readonly limited: number;
  readonly events: number;
}

/**
 * `GET /api/rates`: every window, when it was read, and whether the counts are shared by
 * every process on the database or this process's own.
 * @example if (!rates.shared) note(`counts of process ${rates.process.pid}`);
 */
export interface RatesAnswer {
  readonly items: readonly RateUsage[];
  readonly at: string;
  readonly shared: boolean;
  readonly process: { readonly pid: number; readonly startedAt: string };
}

/**
 * What sign-up and sign-in answer: the user and a token for `Authorization: Bearer`.
 * @example const { user, token }: SessionAnswer<{ id: string }> = await res.json();
 */
export interface SessionAnswer<U> {
  readonly user: U;
  readonly token: string;
}

/** `GET /api/health`. @example const h: HealthAnswer = { status: 'ok' }; */
export interface HealthAnswer {
  readonly status: 'ok';
}

/** A pending invitation, as `GET /api/auth/invitations` lists it. */
export interface Invitation {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly name: string | null;
  /** The user who sent it (null for the CLI's `ninefold invite`). */
  readonly invitedBy: string | null;
  readonly createdAt: string;
  /** When its current link stops working. */
  readonly expiresAt: string;
  /** When its mail last left (null while queued). */
  readonly sentAt: string | null;
  readonly status: 'pending' | 'expired';
}

/** An API key as listed: never the key itself, which is shown once when it is made. */
export interface ApiKey {
  readonly id: string;
  readonly name: string;
  /** The key's first characters (`nfk_3Fq9…`), to tell keys apart. */
  readonly prefix: string;
  /** The account the key acts for. */
  readonly userId: string;
  /** The role the key acts as: its owner's, or a narrower one the spec allows. */
  readonly role: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
}

/** What `POST /api/auth/api-keys` answers: the key, once. */
export interface ApiKeyCreated extends ApiKey {
  /** Send as `Authorization: Bearer <key>`. Not stored: it cannot be shown again. */
  readonly key: string;
}

/** One mail of the outbox (`GET /api/mail`). */
export interface MailEntry {
  readonly id: string;
  /** The message of the catalogue. */
  readonly message: string;
  readonly to: string;
  /** Null until it is rendered (and for a request dropped unrendered). */
  readonly subject: string | null;
  /** `dropped`: nothing to send (a reset for an address with no account). */
  readonly status: 'queued' | 'sent' | 'failed' | 'dropped';
  readonly attempts: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly error: string | null;
  /** The bodies, from the development outbox only (production keeps no body: links are secrets). */
  readonly text?: string;
  readonly html?: string;
}

/** What `GET` of invitations, API keys and mail answers. */
export interface ItemsAnswer<T> {
  readonly items: readonly T[];
}

/** What following a verification link answers: the address now confirmed. */
export interface VerifyEmailAnswer {
  readonly email: string;
}
