/**
 * `GET /api/jobs` and `POST /api/jobs/{id}/retry` over HTTP, in-process: who may call them,
 * the filters, the paging, and every answer a retry can get.
 */
import { createTestApp, type TestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../../src/jobs/job-queue';
import { jobApp } from '../../src/jobs/job-test-app';

type App = typeof jobApp;
const START = '2030-01-01T00:00:00.000Z';

function queue(t: TestApp<App>, name: string, input: Record<string, unknown>) {
  return t.db.transaction((tx) =>
    enqueueJob(tx, { kind: 'action', name, payload: { input }, runAt: t.clock.now() }, t.clock.now()),
  );
}

describe.each(testDialects())('the job routes on %s', (dialect) => {
  it('answer admins only, filter, page, and retry by the rules', async () => {
    await using t = await createTestApp(jobApp, { database: dialect, clock: START, listen: false });
    const done = await queue(t, 'makeReceipt', { job: 'a' });
    const dead = await queue(t, 'flaky', { mode: 'refuse' });
    await t.runJobs();
    const waiting = await queue(t, 'makeReceipt', { job: 'b' });
    const admin = (await t.clientAs('boss')).headers();
    const member = (await t.clientAs('member')).headers();

    const cases: {
      name: string;
      method?: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      status: number;
      code?: string;
      ids?: string[];
      body?: Record<string, unknown>;
    }[] = [
      { name: 'signed out', url: '/api/jobs', status: 401, code: 'UNAUTHENTICATED' },
      { name: 'not an admin', url: '/api/jobs', headers: member, status: 403, code: 'FORBIDDEN' },
      {
        name: 'all, newest first',
        url: '/api/jobs',
        headers: admin,
        status: 200,
        ids: [waiting, dead, done],
      },
      { name: 'dead only', url: '/api/jobs?status=dead', headers: admin, status: 200, ids: [dead] },
      { name: 'queued only', url: '/api/jobs?status=queued', headers: admin, status: 200, ids: [waiting] },
      { name: 'by kind', url: '/api/jobs?kind=webhook', headers: admin, status: 200, ids: [] },
      {
        name: 'a page',
        url: '/api/jobs?limit=2',
        headers: admin,
        status: 200,
        ids: [waiting, dead],
        body: { nextCursor: dead },
      },
      {
        name: 'the next page',
        url: `/api/jobs?limit=2&before=${dead}`,
        headers: admin,
        status: 200,
        ids: [done],
        body: { nextCursor: null },
      },
      {
        name: 'a bad status',
        url: '/api/jobs?status=lost',
        headers: admin,
        status: 400,
        code: 'MALFORMED_REQUEST',
      },
      {
        name: 'a bad kind',
        url: '/api/jobs?kind=cron',
        headers: admin,
        status: 400,
        code: 'MALFORMED_REQUEST',
      },
      {
        name: 'a bad limit',
        url: '/api/jobs?limit=0',
        headers: admin,
        status: 400,
        code: 'MALFORMED_REQUEST',
      },
      {
        name: 'retry signed out',
        method: 'POST',
        url: `/api/jobs/${dead}/retry`,
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'retry not an admin',
        method: 'POST',
        url: `/api/jobs/${dead}/retry`,
        headers: member,
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        name: 'retry unknown',
        method: 'POST',
        url: '/api/jobs/nope/retry',
        headers: admin,
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        name: 'retry done',
        method: 'POST',
        url: `/api/jobs/${done}/retry`,
        headers: admin,
        status: 409,
        code: 'INVALID_TRANSITION',
      },
      {
        name: 'retry queued',
        method: 'POST',
        url: `/api/jobs/${waiting}/retry`,
        headers: admin,
        status: 409,
        code: 'INVALID_TRANSITION',
      },
      {
        name: 'retry dead',
        method: 'POST',
        url: `/api/jobs/${dead}/retry`,
        headers: admin,
        status: 200,
        body: { id: dead, status: 'queued', attempts: 0, kind: 'action', name: 'flaky', runAt: START },
      },
      {
        name: 'retry it again',
        method: 'POST',
        url: `/api/jobs/${dead}/retry`,
        headers: admin,
        status: 409,
        code: 'INVALID_TRANSITION',
      },
    ];
    for (const c of cases) {
      const res = await t.inject({
        method: c.method ?? 'GET',
        url: c.url,
        headers: c.headers ?? {},
        ...(c.method === 'POST' ? { payload: {} } : {}),
      });
      const body = res.json();
      expect([c.name, res.statusCode], JSON.stringify(body)).toEqual([c.name, c.status]);
      if (c.code) expect([c.name, body.code]).toEqual([c.name, c.code]);
      if (c.ids) expect([c.name, body.items.map((j: { id: string }) => j.id)]).toEqual([c.name, c.ids]);
      if (c.body) expect(body, c.name).toMatchObject(c.body);
      // Never a payload, key or stack on the wire.
      expect(JSON.stringify(body)).not.toMatch(/"payload"|"key"|"stack"|\bat .*\(/);
    }
  });
});
