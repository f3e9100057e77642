/**
 * A team in another language builds from the document alone: types generated from the served
 * `/api/openapi.json` by openapi-typescript compile against a script that creates a comment
 * as a customer (no `internal`: it has a default) and resolves a ticket with `If-Match`, with
 * no cast anywhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';

const SCRIPT = `
import type { paths } from './api';

type CreateComment = paths['/api/entities/comments']['post'];
type Resolve = paths['/api/entities/tickets/{id}/transitions/resolve']['post'];
type Problem = paths['/api/entities/tickets/{id}/transitions/resolve']['post']['responses'][412]['content']['application/problem+json'];

export async function helpAndResolve(base: string, token: string, ticketId: string) {
  const comment: CreateComment['requestBody']['content']['application/json'] = {
    ticket: ticketId,
    body: 'Thanks, that fixed it.',
  };
  const created = await fetch(base + '/api/entities/comments', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(comment),
  });
  const record: CreateComment['responses'][201]['content']['application/json'] = await created.json();
  const mayDelete: boolean | undefined = record.$can?.delete;

  const headers: NonNullable<Resolve['parameters']['header']> = { 'If-Match': '"' + record.version + '"' };
  const input: NonNullable<Resolve['requestBody']>['content']['application/json'] = { resolution: 'Restarted.' };
  const res = await fetch(base + '/api/entities/tickets/' + ticketId + '/transitions/resolve', {
    method: 'POST',
    headers: { ...headers, authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (res.status === 412) {
    const problem: Problem = await res.json();
    const code: 'VERSION_MISMATCH' | undefined = problem.code === 'VERSION_MISMATCH' ? problem.code : undefined;
    return { code, params: problem.params };
  }
  const ticket: Resolve['responses'][200]['content']['application/json'] = await res.json();
  const next: ('triage' | 'await' | 'respond' | 'resolve' | 'reopen' | 'close' | 'withdraw')[] = [...(ticket.$can?.transitions ?? [])];
  return { status: ticket.status, mayDelete, next };
}
`;

// The check is live: leaving out a required field is an error there.
const BROKEN = `
import type { paths } from './api';
export const comment: paths['/api/entities/comments']['post']['requestBody']['content']['application/json'] = { ticket: 'x' };
`;

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHelpdesk('sqlite');
  dir = mkdtempSync(join(tmpdir(), 'nf-openapi-ts-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openapi-typescript', () => {
  it('generates types a customer script compiles against, with no cast', { timeout: 120_000 }, async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc)));
    writeFileSync(join(dir, 'script.ts'), SCRIPT);
    writeFileSync(join(dir, 'broken.ts'), BROKEN);
    expect(SCRIPT).not.toMatch(/\\bas\\b|<any>|: any/);
    // A tsconfig of its own: strict, DOM's fetch, and no types from this repository.
    const compilerOptions = {
      noEmit: true,
      strict: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom'],
      types: [],
    };
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: ['script.ts', 'broken.ts'] }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir], {
        encoding: 'utf8',
      });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    const errors = output.split('\n').filter((l) => l.includes('error TS'));
    expect(errors).toEqual([expect.stringMatching(/broken\.ts.*TS2741.*'body'/)]);
  });
});
