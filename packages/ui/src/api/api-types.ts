/**
 * What the API answers, as the UI reads it. The typed client package will replace these
 * with types inferred from the spec.
 */

/** What the caller may do with a record now; only on single-record answers. */
export interface RecordCan {
  readonly update: readonly string[];
  readonly delete: boolean;
  readonly transitions: readonly string[];
}

/** A record: system fields plus the entity's fields the caller may read. */
export interface ApiRecord {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
  readonly $can?: RecordCan;
  readonly [field: string]: unknown;
}

/** One page of a list. */
export interface Page {
  readonly items: readonly ApiRecord[];
  readonly nextCursor: string | null;
}

/** The signed-in user, as `/api/auth/me` and sign-in answer it. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly name?: string;
  readonly [field: string]: unknown;
}
