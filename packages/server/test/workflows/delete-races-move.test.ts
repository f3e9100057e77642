/**
 * Some lock orders are inherent: deleting a room locks the room, then the fixtures it takes
 * with it; moving one of those fixtures out locks the fixture, then both rooms (a guard counts
 * each room's fixtures). Raced on PostgreSQL the two can deadlock, and the database aborts one
 * of them: that write, of which nothing was written, runs again instead of answering 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';
import { tally } from './ticket-fixtures';

describe.each(DIALECTS)('a delete racing a move of its child on %s', (dialect) => {
  let l: Ledger;
  beforeAll(async () => {
    l = await startLedger(dialect);
  });
  afterAll(() => l?.close());

  it('12 rounds of deleting a room while its fixture moves out: never a 500, never an orphan', async () => {
    const site = await l.create('sites', { name: 'Races' });
    const safe = await l.create('rooms', { site: site.id, name: 'Safe' });
    const answers: string[] = [];
    for (let round = 0; round < 12; round++) {
      const doomed = await l.create('rooms', { site: site.id, name: `Doomed ${round}` });
      const fixture = await l.create('fixtures', { room: doomed.id });
      const [del, move] = await Promise.all([
        l.call('DELETE', `/api/entities/rooms/${doomed.id}`),
        l.call('PATCH', `/api/entities/fixtures/${fixture.id}`, { room: safe.id }),
      ]);
      answers.push(`delete ${del.status}`, `move ${move.status}`);
      const after = await l.call('GET', `/api/entities/fixtures/${fixture.id}`);
      // Whichever went first, the fixture is gone with the room or safely in the other one.
      if (after.status === 200) expect(after.body.room).toBe(safe.id);
      else expect(after.status).toBe(404);
    }
    expect(
      answers.filter((a) => a.endsWith(' 500')),
      JSON.stringify(tally(answers)),
    ).toEqual([]);
    // PostgreSQL finds a deadlock after deadlock_timeout (1 s): a round may wait that long.
  }, 60_000);
});
