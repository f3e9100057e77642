/**
 * A client too slow to read (its TCP socket paused) while an admin rewrites a 20 kB article
 * hundreds of times: the server keeps at most its high-water mark (an option of the server:
 * 512 KiB here, 1 MiB by default) waiting for that socket, however much is written; a fast
 * subscriber on the same server hears every change meanwhile, in order. Regression: the slow client was told to resync only when a later event came for it
 * after its buffer had drained — after a burst followed by quiet it waited forever with a
 * stale view. Now the resync comes as soon as the buffer drains, with no further writes; the
 * client subscribes again, reads, and is current, and hears the next change. SQLite: the
 * buffering is the hub's and the socket's, the same on both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/core/rules/rule-context';
import type { RealtimeClient } from '../../src/realtime/realtime-hub';
import type { Harness } from '../helpdesk-harness';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

/** The most writes to try before the slow socket's events are dropped; far more than needed. */
const MAX_WRITES = 4000;
/** Writes made after the drops began, still with nothing more buffered. */
const MORE_WRITES = 100;
const BODY = 20_000;
/** The hub's mark for this server (production keeps 1 MiB): bytes buffered before drops. */
const HIGH_WATER = 512 << 10;

describe('regression: a slow socket is bounded and told to resync as soon as it drains (sqlite)', () => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk('sqlite', { realtime: { highWater: HIGH_WATER } }));
  });
  afterAll(() => h?.close());

  it('buffers at most its high-water mark for it, keeps a fast subscriber whole, and resyncs it after a burst', async () => {
    const admin = await sessionUser(h.nf, 'admin');
    const [fastAgent, slowAgent] = [await sessionUser(h.nf, 'agent'), await sessionUser(h.nf, 'agent')];
    const as: Caller = { id: admin.id, role: admin.role, email: admin.email };
    const article = await h.nf.core.create(as, 'articles', { title: 'Big article', body: 'Short.' });
    const id = String(article.id);
    const fast = await TestSocket.open(port, fastAgent.headers);
    const slow = await TestSocket.open(port, slowAgent.headers);
    await fast.subscribe('kb', 'articles');
    await slow.subscribe('kb', 'articles');
    const server = [...h.nf.server.realtime.clients].find((c) => c.caller?.id === slowAgent.id)!;
    slow.pauseReading();

    let version = Number(article.version);
    let most = 0;
    const rewrite = async () => {
      const body = `${String(version).padStart(8, '0')}${'x'.repeat(BODY - 8)}`;
      version = Number((await h.nf.core.update(as, 'articles', id, { body })).version);
      await settle();
      most = Math.max(most, server.buffered());
    };
    let writes = 0;
    while (!server.overflowed && writes < MAX_WRITES) {
      await rewrite();
      writes += 1;
    }
    expect(server.overflowed, `still no drops after ${writes} writes`).toBe(true);
    for (let i = 0; i < MORE_WRITES; i++) await rewrite();
    // Below the mark, one more event may go out; past it, nothing.
    expect(most).toBeLessThanOrEqual(HIGH_WATER + BODY + 1024);
    // And it did fill: the bound was reached, not merely never approached.
    expect(most).toBeGreaterThan(HIGH_WATER / 2);
    const last = version;

    // The fast subscriber heard every version, in order, and no resync (take() fails on one).
    await fast.next((m) => m.type === 'event' && m.record?.version === last, 0);
    await fast.barrier();
    const versions = fast.take().map((e) => Number(e.record?.version));
    expect(versions).toEqual(
      Array.from({ length: versions.length }, (_, i) => Number(article.version) + 1 + i),
    );
    expect(versions.at(-1)).toBe(last);

    // Nothing more is written: draining alone brings the resync.
    slow.resumeReading();
    const resync = await slow.next((m) => m.type === 'resync', 0);
    expect(resync).toMatchObject({ type: 'resync' });
    const before = slow.messages.slice(0, slow.messages.indexOf(resync));
    const heard = before.flatMap((m) => (m.type === 'event' ? [Number(m.record?.version)] : []));
    expect(heard.length).toBeLessThan(versions.length);
    expect(heard).toEqual(versions.slice(0, heard.length));

    // What a client does on resync: subscribe again and read; it is current, and hears what follows.
    slow.send({ type: 'unsubscribe', id: 'kb' });
    await slow.subscribe('kb', 'articles');
    const read = await h.request({
      method: 'GET',
      url: `/api/entities/articles/${id}`,
      headers: slowAgent.headers,
    });
    expect(read.json()).toMatchObject({ id: article.id, version: last });
    const from = slow.messages.length;
    await rewrite();
    const next = await slow.next((m) => m.type === 'event', from);
    expect(next).toMatchObject({ type: 'event', id, record: { version: last + 1 } });
    expect((h.nf.server.realtime.clients as Set<RealtimeClient>).has(server)).toBe(true);
    await Promise.all([fast.close(), slow.close()]);
  }, 120_000);
});
