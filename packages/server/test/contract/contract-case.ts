/**
 * One row of a table-driven HTTP contract test and the checks every row shares: the status,
 * the catalogue code, the body's shape (record, list or problem+json) and the text that must
 * never reach a client (stack traces, SQL, file paths, password hashes).
 */
import type { App } from '@ninefold/spec';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A response as the rows see it: parsed JSON (or undefined) plus the raw answer. */
export type Body = any;

/** A row of a contract table, built against a world `W` (users, records, the server). */
export interface ContractRow<W> {
  readonly name: string;
  /** The request; may prepare its own records first (then it is async). */
  readonly request: (world: W) => InjectOptions | Promise<InjectOptions>;
  readonly status: number;
  /** The catalogue code a problem answer must carry. */
  readonly code?: string;
  /** Further checks on the answer. */
  readonly expect?: (body: Body, res: LightMyRequestResponse, world: W) => void | Promise<void>;
  /** Text that must not appear in the body (case-insensitive), on top of NEVER_IN_ANSWERS. */
  readonly absent?: readonly string[];
}

/**
 * Text no answer may ever contain: internals of the server (stack frames, driver and SQL
 * text, file paths) and secrets (password hashes and credential tables).
 */
export const NEVER_IN_ANSWERS: readonly string[] = [
  '"stack"',
  '    at ',
  'SQLITE',
  'syntax error',
  'select ',
  'insert into',
  'node_modules',
  '/work/',
  '.ts:',
  'passwordHash',
  '$argon2',
  'nf_credentials',
  'nf_sessions',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Asserts a record's shape: a UUIDv7 id, ISO timestamps, a positive integer version, and no
 * internal fields (credentials, `nf_*` or underscore-prefixed keys).
 * @example expectRecord(res.json(), { status: 'new' });
 */
export function expectRecord(body: Body, fields: Record<string, unknown> = {}): void {
  expect(body).toBeTypeOf('object');
  expect(body.id).toMatch(UUID);
  expect(body.createdAt).toMatch(ISO);
  expect(body.updatedAt).toMatch(ISO);
  expect(Number.isInteger(body.version) && body.version >= 1).toBe(true);
  for (const key of Object.keys(body)) {
    expect(key).not.toMatch(/^(_|nf_)|password/i);
  }
  expect(body).toMatchObject(fields);
}

/**
 * Asserts a list page's shape: exactly `{items, nextCursor}`, every item a record.
 * @example expectList(res.json()); // returns the items
 */
export function expectList(body: Body): Body[] {
  expect(Object.keys(body).sort()).toEqual(['items', 'nextCursor']);
  expect(Array.isArray(body.items)).toBe(true);
  expect(body.nextCursor === null || typeof body.nextCursor === 'string').toBe(true);
  for (const item of body.items) expectRecord(item);
  return body.items;
}

/**
 * Asserts a problem+json answer: the content type, the five members (and `errors` when
 * present, each `{path, code, message}`), a code from the app's catalogue whose status is
 * the HTTP status.
 * @example expectProblem(app, res, 'NOT_FOUND');
 */
export function expectProblem(app: App, res: LightMyRequestResponse, code?: string): Body {
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status: res.statusCode,
    code: expect.any(String),
    detail: expect.any(String),
  });
  for (const key of Object.keys(body)) {
    expect(['type', 'title', 'status', 'code', 'detail', 'params', 'errors']).toContain(key);
  }
  expect(Object.keys(app.errors)).toContain(body.code);
  expect(app.errors[body.code]?.status).toBe(res.statusCode);
  if (code) expect(body.code).toBe(code);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
    for (const e of body.errors) {
      expect(Object.keys(e).sort()).toEqual(['code', 'message', 'path']);
      expect(e).toMatchObject({
        path: expect.any(String),
        code: expect.any(String),
        message: expect.any(String),
      });
    }
  }
  return body;
}

/**
 * Asserts none of `words` (nor NEVER_IN_ANSWERS) appears in the body, case-insensitively.
 * @example expectAbsent(res.body, ['boom']);
 */
export function expectAbsent(raw: string, words: readonly string[] = []): void {
  const text = raw.toLowerCase();
  for (const word of [...NEVER_IN_ANSWERS, ...words]) {
    expect(text, `the answer contains '${word}'`).not.toContain(word.toLowerCase());
  }
}

/**
 * Runs one row: sends its request, then checks status, code, shape and absent text.
 * @example it.each(rows)('$name', (row) => runRow(app, send, world, row));
 */
export async function runRow<W>(
  app: App,
  send: (o: InjectOptions) => Promise<LightMyRequestResponse>,
  world: W,
  row: ContractRow<W>,
): Promise<LightMyRequestResponse> {
  const res = await send(await row.request(world));
  const raw = res.body;
  expect(res.statusCode, raw.slice(0, 500)).toBe(row.status);
  let body: Body;
  if (res.statusCode >= 400) {
    body = expectProblem(app, res, row.code);
  } else if (raw.length > 0) {
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    body = res.json();
  }
  expectAbsent(raw, row.absent);
  await row.expect?.(body, res, world);
  return res;
}
