/**
 * Regression: a comment created while its ticket was being deleted was left orphaned on
 * PostgreSQL. The reference to the ticket was checked without a lock, so the comment could
 * commit after the delete had cascaded: a comment of no ticket, announced to the requester
 * as created, then hidden from them by REST forever, with no `deleted` ever following.
 * Per dialect, racing the two many times: every comment that was created is either still
 * on a ticket or was deleted with it, and its subscribers heard exactly that.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

const RACES = 30;

describe.each(DIALECTS)('regression: a comment racing its ticket deletion, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
  });
  afterAll(() => h?.close());

  it(`leaves no orphan comment and announces every cascade, over ${RACES} races`, async () => {
    const [admin, agent] = await Promise.all([sessionUser(h.nf, 'admin'), sessionUser(h.nf, 'agent')]);
    const watcher = await TestSocket.open(port, agent!.headers);
    await watcher.subscribe('comments', 'comments');
    const outcomes = new Map<string, number>();
    const created: string[] = [];
    for (let i = 0; i < RACES; i++) {
      const requester = await sessionUser(h.nf, 'customer');
      const t = await h.request({
        method: 'POST',
        url: '/api/entities/tickets',
        headers: requester.headers,
        payload: { subject: `Race number ${i}`, description: 'Delete me.' },
      });
      const ticket = String(t.json().id);
      const write = () =>
        h.request({
          method: 'POST',
          url: '/api/entities/comments',
          headers: agent!.headers,
          payload: { ticket, body: 'Looking into it.' },
        });
      const remove = () =>
        h.request({ method: 'DELETE', url: `/api/entities/tickets/${ticket}`, headers: admin!.headers });
      // Every third one in turn, so some comments surely exist when their ticket goes.
      const [comment, gone] =
        i % 3 === 0 ? [await write(), await remove()] : await Promise.all([write(), remove()]);
      expect(gone.statusCode).toBe(204);
      outcomes.set(String(comment.statusCode), (outcomes.get(String(comment.statusCode)) ?? 0) + 1);
      if (comment.statusCode === 201) created.push(String(comment.json().id));
      else expect(comment.json().code).toBe('VALIDATION_FAILED');
    }
    const orphans = await h.nf.db.all(
      sql`select c.id from comments c left join tickets t on t.id = c.ticket where t.id is null`.compile(
        h.nf.db.qb,
      ),
    );
    expect(orphans).toEqual([]);
    expect(created.length).toBeGreaterThanOrEqual(RACES / 3);
    await settle();
    await watcher.barrier();
    const heard = watcher.take().map((e) => `${e.event} ${e.id}`);
    // Each created comment was announced, then announced deleted with its ticket.
    expect(heard.sort()).toEqual(created.flatMap((id) => [`created ${id}`, `deleted ${id}`]).sort());
    console.info(`[comment racing deletion on ${dialect}] ${JSON.stringify(Object.fromEntries(outcomes))}`);
    await watcher.close();
  });
});
