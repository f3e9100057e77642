/**
 * The vocabulary of the helpdesk permission scenarios: the fixture every row reads, the row
 * shape, and short request builders.
 */
import type { InjectOptions } from 'fastify';
import type { TestUser } from '../helpdesk-harness';

export const MISSING = '01900000-0000-7000-8000-00000000abcd';
export const NOTE = 'INTERNAL-NOTE-do-not-show';
export const BOB_SECRET = 'bobs-private-subject';

export interface Fixture {
  readonly alice: TestUser;
  readonly bob: TestUser;
  readonly agent: TestUser;
  readonly admin: TestUser;
  readonly aliceTicket: Record<string, any>;
  readonly bobTicket: Record<string, any>;
  readonly alicePublic: string;
  readonly aliceNote: string;
  readonly bobPublic: string;
  readonly bobNote: string;
  readonly published: string;
  readonly draft: string;
  /** A customer an admin has disabled. */
  readonly gone: string;
}

export type Who = 'alice' | 'bob' | 'agent' | 'admin' | 'anonymous';

export interface Scenario {
  readonly name: string;
  readonly as: Who;
  readonly request: (f: Fixture) => InjectOptions;
  readonly status: number;
  readonly code?: string;
  /** Issues the problem must list, as `path:code`. */
  readonly errors?: readonly string[];
  /** A request whose answer this one must equal (status and body): a refusal that tells nothing. */
  readonly sameAs?: (f: Fixture) => InjectOptions;
  /** The exact ids a list must hold. */
  readonly items?: (f: Fixture) => readonly string[];
  /** Text that must not appear anywhere in the answer. */
  readonly absent?: (f: Fixture) => readonly string[];
}

export const get = (url: string): InjectOptions => ({ method: 'GET', url });
export const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
export const patch = (url: string, payload: object): InjectOptions => ({ method: 'PATCH', url, payload });
export const T = '/api/entities/tickets';
export const C = '/api/entities/comments';
export const U = '/api/entities/users';
export const A = '/api/entities/articles';
