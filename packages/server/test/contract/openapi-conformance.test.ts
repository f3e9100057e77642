/**
 * Conformance: every operation of the served `/api/openapi.json`, as every role, with valid
 * and invalid inputs; every answer judged by ajv against the document (a documented status,
 * a body of its schema, a code among the operation's `x-error-codes`). Zero violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type Caller, probes } from './conformance-probes';
import { answerJudge, type Operation, operationsOf } from './openapi-answers';

type Json = Record<string, any>;

// Writes last (deletes end records), sign-out very last (it ends the caller's session).
function order(o: Operation): number {
  if (o.path === '/api/auth/logout') return 3;
  if (o.method === 'delete') return 2;
  return o.method === 'get' ? 0 : 1;
}

describe.each(DIALECTS)('OpenAPI conformance (%s)', (dialect) => {
  let h: Harness;
  let clock = new Date();
  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => clock });
  });
  afterAll(async () => h?.close());

  it('answers every operation, as every role, only as the document says', { timeout: 240_000 }, async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json() as Json;
    const judge = answerJudge(doc);
    const [customer, agent, admin] = [await h.user('customer'), await h.user('agent'), await h.user('admin')];
    const team = await h.request({
      method: 'POST',
      url: '/api/entities/teams',
      headers: admin.headers,
      payload: { name: 'Conformance' },
    });
    const ticket = await h.ticket(customer);
    const comment = await h.request({
      method: 'POST',
      url: '/api/entities/comments',
      headers: customer.headers,
      payload: { ticket: ticket.id, body: 'A customer comment, no internal flag sent.' },
    });
    const article = await h.request({
      method: 'POST',
      url: '/api/entities/articles',
      headers: admin.headers,
      payload: { title: 'How to restart', body: 'Turn it off and on.', published: true },
    });
    // A customer creates a comment without `internal` (defaulted, so optional): issue #13.
    expect([team.statusCode, comment.statusCode, article.statusCode]).toEqual([201, 201, 201]);
    const ids = {
      users: customer.id,
      teams: team.json().id,
      tickets: ticket.id,
      comments: comment.json().id,
      articles: article.json().id,
    };
    const callers: Caller[] = [
      { role: 'anonymous' },
      ...[customer, agent, admin].map((u) => ({ role: u.role, id: u.id, token: u.token })),
    ];
    const bodyBytes = (await h.request({ method: 'GET', url: '/api/meta' })).json().limits
      .bodyBytes as number;

    const operations = operationsOf(doc).sort((a, b) => order(a) - order(b));
    const violations: string[] = [];
    const seen = new Map<string, Set<number>>();
    let requests = 0;
    for (const o of operations) {
      for (const caller of callers) {
        // Past every rate window, so refusals for rate do not hide the answers under test.
        clock = new Date(clock.getTime() + 61 * 60_000);
        for (const p of probes(doc, o, caller, ids, bodyBytes)) {
          const res = await h.request(p.request);
          requests += 1;
          const id = `${o.op.operationId}`;
          seen.set(id, (seen.get(id) ?? new Set()).add(res.statusCode));
          for (const v of judge(
            o,
            res.statusCode,
            res.headers['content-type'] as string | undefined,
            res.body,
          )) {
            violations.push(`[${caller.role}, ${p.label}] ${v}`);
          }
        }
      }
    }
    const summary = [...seen].map(([id, s]) => `${id}: ${[...s].sort().join(',')}`);
    console.info(
      `conformance (${dialect}): ${operations.length} operations × ${callers.length} roles, ${requests} requests, ${violations.length} violations\n${summary.join('\n')}`,
    );
    expect(violations).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('the judge is live: an undocumented status, a wrong body or a foreign code is a violation', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json() as Json;
    const judge = answerJudge(doc);
    const health = operationsOf(doc).find((o) => o.path === '/api/health')!;
    const me = operationsOf(doc).find((o) => o.path === '/api/auth/me')!;
    const problem = (code: string, status: number) =>
      JSON.stringify({ type: 'urn:x', title: 't', status, code, detail: 'd' });
    const cases: [Operation, number, string, string][] = [
      [health, 418, 'application/json', '{}'],
      [health, 200, 'application/json', '{"status":"down"}'],
      [health, 200, 'text/html', '<html>'],
      [me, 401, 'application/problem+json', problem('INVALID_CREDENTIALS', 401)],
      [me, 401, 'application/problem+json', '{"code":"UNAUTHENTICATED"}'],
    ];
    for (const [o, status, type, body] of cases) expect(judge(o, status, type, body)).not.toEqual([]);
    expect(judge(me, 401, 'application/problem+json', problem('UNAUTHENTICATED', 401))).toEqual([]);
  });
});
