/**
 * Per-record field projection through realtime, in the casebook, per dialect: alice reads
 * every field of her own cases and the title fields of bob's shared ones; a note on a case
 * she reads shows her its case and body (a related-record grant, judged asynchronously).
 * Each write below is made by someone else while she watches the entity; she hears what a
 * get would answer her — never a field hidden on that record — and nothing at all of a
 * write that changed only fields hidden on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type Casebook, startCasebook } from '../workflows/casebook-app';
import { TestSocket } from './test-socket';

type Row = Record<string, unknown>;
type Heard = 'created' | 'updated' | 'removed' | null;

/** Writes in order, by whom, to which record, and what alice hears of them. */
const STEPS: readonly {
  what: string;
  by: 'bob' | 'boss';
  entity: 'cases' | 'notes';
  record: 'A1' | 'B1' | 'B2' | 'N1';
  patch: Row;
  heard: Heard;
}[] = [
  {
    what: 'bob writes the secret of his shared case',
    by: 'bob',
    entity: 'cases',
    record: 'B1',
    patch: { secret: 's2' },
    heard: null,
  },
  { what: 'bob rates it', by: 'bob', entity: 'cases', record: 'B1', patch: { rating: 4 }, heard: null },
  {
    what: 'bob renames it',
    by: 'bob',
    entity: 'cases',
    record: 'B1',
    patch: { title: 'Renamed' },
    heard: 'updated',
  },
  {
    what: 'bob renames it and writes its secret',
    by: 'bob',
    entity: 'cases',
    record: 'B1',
    patch: { title: 'Again', secret: 's3' },
    heard: 'updated',
  },
  {
    what: 'bob writes the secret of his own case',
    by: 'bob',
    entity: 'cases',
    record: 'B2',
    patch: { secret: 's4' },
    heard: null,
  },
  {
    what: 'bob shares it',
    by: 'bob',
    entity: 'cases',
    record: 'B2',
    patch: { shared: true },
    heard: 'created',
  },
  {
    what: 'bob unshares it',
    by: 'bob',
    entity: 'cases',
    record: 'B2',
    patch: { shared: false },
    heard: 'removed',
  },
  {
    what: 'the boss writes the secret of alice’s case',
    by: 'boss',
    entity: 'cases',
    record: 'A1',
    patch: { secret: 'hers' },
    heard: 'updated',
  },
  {
    what: 'bob writes his note’s private part',
    by: 'bob',
    entity: 'notes',
    record: 'N1',
    patch: { private: 'p2' },
    heard: null,
  },
  {
    what: 'bob rewrites his note’s body',
    by: 'bob',
    entity: 'notes',
    record: 'N1',
    patch: { body: 'New body' },
    heard: 'updated',
  },
];

describe.each(DIALECTS)('realtime projects each record by the grants that admit it, on %s', (dialect) => {
  let c: Casebook;
  let socket: TestSocket;
  const ids = new Map<string, string>();
  const call = (
    who: 'alice' | 'bob' | 'boss',
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Row,
  ) =>
    c.nf.server.inject({
      method,
      url,
      headers: (c[who] as TestUser).headers,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    c = await startCasebook(dialect);
    const made: [string, 'alice' | 'bob', string, Row][] = [
      ['A1', 'alice', 'cases', { title: 'Alpha', secret: 'alpha-secret' }],
      ['B1', 'bob', 'cases', { title: 'Bravo', shared: true, secret: 'bravo-secret' }],
      ['B2', 'bob', 'cases', { title: 'Bravo own', secret: 'bravo-own-secret' }],
    ];
    for (const [name, by, entity, data] of made) {
      const res = await call(by, 'POST', `/api/entities/${entity}`, data);
      expect(res.statusCode, res.body).toBe(201);
      ids.set(name, String(res.json().id));
    }
    const note = await call('bob', 'POST', '/api/entities/notes', {
      case: ids.get('B1'),
      body: 'Note',
      private: 'bob-private',
    });
    ids.set('N1', String(note.json().id));
    socket = await TestSocket.open(c.port, c.alice.headers);
    await socket.subscribe('cases', 'cases');
    await socket.subscribe('notes', 'notes');
    await c.settle();
    await socket.barrier();
    socket.take();
  });
  afterAll(async () => {
    await socket?.close();
    await c?.close();
  });

  it.each(STEPS.map((s, step) => ({ ...s, step })))(
    'step $step: $what; alice hears $heard',
    async ({ by, entity, record, patch, heard }) => {
      const id = ids.get(record)!;
      const res = await call(by, 'PATCH', `/api/entities/${entity}/${id}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      await c.settle();
      await socket.barrier();
      const events = socket.take();
      expect(events.map((e) => [e.sub, e.id, e.event])).toEqual(heard ? [[entity, id, heard]] : []);
      if (heard !== 'updated' && heard !== 'created') return;
      const now = await call('alice', 'GET', `/api/entities/${entity}/${id}`);
      const { $can: _, ...shown } = now.json() as Row;
      expect(events[0]!.record, 'the event carries what a get answers her').toEqual(shown);
      if (record !== 'A1') expect(JSON.stringify(events[0])).not.toMatch(/secret|rating|private|"s\d"|p2/);
    },
  );
});
