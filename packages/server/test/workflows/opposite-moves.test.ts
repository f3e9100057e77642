/**
 * Writes that lock several rows take them in one order, per dialect, over real HTTP. Two
 * PATCHes moving fixtures between two rooms in opposite directions each lock both rooms (a
 * guard counts each room's fixtures) — the room a reference points at and the rooms whose
 * children change. The new room used to be locked first, on its own, before the sorted
 * parents: on PostgreSQL the two writes then waited on each other and one answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';
import { tally } from './ticket-fixtures';

describe.each(DIALECTS)('writes moving children in opposite directions on %s', (dialect) => {
  let l: Ledger;
  beforeAll(async () => {
    l = await startLedger(dialect);
  });
  afterAll(() => l?.close());

  it('30 rounds of two fixtures swapping rooms at once: every move succeeds', async () => {
    const site = await l.create('sites', { name: 'Swaps' });
    const a = await l.create('rooms', { site: site.id, name: 'A' });
    const b = await l.create('rooms', { site: site.id, name: 'B' });
    const one = await l.create('fixtures', { room: a.id });
    const two = await l.create('fixtures', { room: b.id });
    const answers: string[] = [];
    let last: string[] = [];
    for (let round = 0; round < 30; round++) {
      const [to1, to2] = round % 2 === 0 ? [b.id, a.id] : [a.id, b.id];
      last = [to1, to2];
      const rs = await Promise.all([
        l.call('PATCH', `/api/entities/fixtures/${one.id}`, { room: to1 }),
        l.call('PATCH', `/api/entities/fixtures/${two.id}`, { room: to2 }),
      ]);
      answers.push(...rs.map((r) => (r.status === 200 ? 'ok' : `${r.status} ${r.body.code}`)));
    }
    expect(tally(answers)).toEqual({ ok: 60 });
    const rooms = await Promise.all(
      [one, two].map(async (f) => (await l.call('GET', `/api/entities/fixtures/${f.id}`)).body.room),
    );
    expect(rooms).toEqual(last);
  });
});
