/**
 * Regression tests for the two drifts of issue #13, through HTTP and a realtime socket, on
 * every dialect. Both came from JavaScript deciding a NULL differently from SQL:
 * - `not(callerIs('reviewer'))` on an item with no reviewer: GET by id returned it
 *   (`!(null === id)` is true), the list hid it (`NOT (reviewer = $1)` is unknown);
 * - a subscription to `items?assignee[ne]=<me>` was told of unassigned items that the REST
 *   list with the same query leaves out (`null !== id` against SQL's `assignee <> $1`).
 * Now SQL's answer is the only one: the item is hidden from both, and unassigned items are
 * in neither.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { sessionUser } from '../realtime/session-user';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS, freshDatabase } from '../test-databases';
import { semanticsApp } from './semantics-app';

interface Live {
  readonly nf: Ninefold;
  readonly port: number;
  readonly settle: Settle;
  readonly author: TestUser;
  readonly editor: TestUser;
  close(): Promise<void>;
}

async function startLive(dialect: DialectName): Promise<Live> {
  const tdb = await freshDatabase(dialect);
  const nf = await createNinefold(semanticsApp, { database: tdb.url });
  await nf.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    nf,
    port: (nf.server.server.address() as AddressInfo).port,
    settle: await busSettler(nf),
    author: await sessionUser(nf, 'author', 'Author'),
    editor: await sessionUser(nf, 'editor', 'Editor'),
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}

describe.each(DIALECTS)('the drifts of issue #13 on %s', (dialect) => {
  let live: Live;
  beforeAll(async () => {
    live = await startLive(dialect);
  }, 60_000);
  afterAll(async () => live?.close());

  const create = async (fields: Record<string, unknown>) =>
    String((await live.nf.core.create(null, 'items', fields, true)).id);
  const get = (user: TestUser, path: string) =>
    live.nf.server.inject({ method: 'GET', url: `/api/entities/items${path}`, headers: user.headers });

  it("not(callerIs('reviewer')) on an item with no reviewer: GET by id answers as the list does", async () => {
    const unreviewed = await create({ t: 'unreviewed' });
    const mine = await create({ t: 'mine', reviewer: live.author.id });
    const others = await create({ t: 'others', reviewer: live.editor.id });
    const list = await get(live.author, '?limit=100');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().items as { id: string }[]).map((r) => r.id);
    const cases: [string, string, boolean][] = [
      ['no reviewer (NOT unknown is unknown)', unreviewed, false],
      ['reviewed by the caller', mine, false],
      ['reviewed by someone else', others, true],
    ];
    for (const [what, id, shown] of cases) {
      const one = await get(live.author, `/${id}`);
      expect({ what, get: one.statusCode, listed: listed.includes(id) }).toEqual({
        what,
        get: shown ? 200 : 404,
        listed: shown,
      });
    }
  });

  it('a subscription to assignee[ne]=<me> hears of the records the REST list shows, no unassigned ones', async () => {
    const me = live.editor;
    const query = { 'assignee[ne]': me.id, t: 'ne-drift' };
    const socket = await TestSocket.open(live.port, me.headers);
    try {
      await socket.subscribe('not-mine', 'items', query);
      const unassigned = await create({ t: 'ne-drift' });
      const assignedToMe = await create({ t: 'ne-drift', assignee: me.id });
      const assignedToOther = await create({ t: 'ne-drift', assignee: live.author.id });
      await live.settle();
      await socket.barrier();
      const heard = socket.take().map((m) => m.id);
      const list = await live.nf.server.inject({
        method: 'GET',
        url: '/api/entities/items',
        query,
        headers: me.headers,
      });
      const listed = (list.json().items as { id: string }[]).map((r) => r.id);
      expect(heard).toEqual([assignedToOther]);
      expect(listed).toEqual([assignedToOther]);
      expect([unassigned, assignedToMe].some((id) => heard.includes(id) || listed.includes(id))).toBe(false);
    } finally {
      await socket.close();
    }
  });
});
