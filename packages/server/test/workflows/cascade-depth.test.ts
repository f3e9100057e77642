/**
 * A delete that cascades more than one level, per dialect, over real HTTP. Each record a
 * cascade takes goes as a direct delete would: a `restrict` reference to it refuses the whole
 * delete, its delete rules hold or refuse it, `setNull` references to it are cleared, its own
 * cascades follow — and every record gone or changed has its audit entry and realtime event.
 * (It used to run a plain `delete … where site = ?`: the rooms went, their bookings and
 * fixtures stayed, pointing at nothing.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/core/changes/change-event';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';

describe.each(DIALECTS)('a delete that cascades two levels on %s', (dialect) => {
  let l: Ledger;
  let settle: Settle;
  const heard: ChangeEvent[] = [];
  beforeAll(async () => {
    l = await startLedger(dialect);
    settle = await busSettler(l.nf);
    l.nf.core.bus.listen((e) => {
      if (e.kind === 'change') heard.push(e);
    });
  });
  afterAll(() => l?.close());

  const status = async (entity: string, id: string) =>
    (await l.call('GET', `/api/entities/${entity}/${id}`)).status;
  const audit = (entity: string, id: string) =>
    l.nf.db.all<{ operation: string }>(
      l.nf.db.qb
        .selectFrom('nf_audit')
        .select('operation')
        .where('entity', '=', entity)
        .where('recordId', '=', id),
    );

  /** A site with one room, the room with a fixture (with a part) and a note. */
  const site = async (name: string) => {
    const s = await l.create('sites', { name });
    const room = await l.create('rooms', { site: s.id, name: `${name} room` });
    const fixture = await l.create('fixtures', { room: room.id });
    const part = await l.create('parts', { fixture: fixture.id, name: 'Hinge' });
    const note = await l.create('notes', { room: room.id, text: 'Mind the step' });
    return { site: s, room, fixture, part, note };
  };

  it("a booking of a site's room holds the site, as it holds the room; nothing changes", async () => {
    const t = await site('Held');
    const booking = await l.create('bookings', { room: t.room.id, guest: 'Ann' });
    for (const [entity, id] of [
      ['sites', t.site.id],
      ['rooms', t.room.id],
    ] as const) {
      const r = await l.call('DELETE', `/api/entities/${entity}/${id}`);
      expect([r.status, r.body.code, r.body.params]).toEqual([
        409,
        'STILL_REFERENCED',
        { entity: 'bookings' },
      ]);
    }
    for (const [entity, id] of [
      ['sites', t.site.id],
      ['rooms', t.room.id],
      ['fixtures', t.fixture.id],
      ['parts', t.part.id],
      ['bookings', booking.id],
    ] as const)
      expect(await status(entity, id), entity).toBe(200);
    expect((await l.call('GET', `/api/entities/notes/${t.note.id}`)).body.room).toBe(t.room.id);
  });

  it("a locked fixture two levels down refuses the site's delete with its own code", async () => {
    const t = await site('Locked');
    await l.call('PATCH', `/api/entities/fixtures/${t.fixture.id}`, { locked: true });
    const r = await l.call('DELETE', `/api/entities/sites/${t.site.id}`);
    expect([r.status, r.body.code]).toEqual([409, 'FIXTURE_LOCKED']);
    expect(await status('rooms', t.room.id)).toBe(200);
    expect(await status('fixtures', t.fixture.id)).toBe(200);
  });

  it('an unheld site goes with everything under it, each record audited and announced', async () => {
    const t = await site('Free');
    const other = await site('Neighbour');
    await settle();
    heard.length = 0;
    expect((await l.call('DELETE', `/api/entities/sites/${t.site.id}`)).status).toBe(204);
    for (const [entity, id] of [
      ['sites', t.site.id],
      ['rooms', t.room.id],
      ['fixtures', t.fixture.id],
      ['parts', t.part.id],
    ] as const) {
      expect(await status(entity, id), entity).toBe(404);
      expect((await audit(entity, id)).map((a) => a.operation)).toEqual(['create', 'delete']);
    }
    const note = (await l.call('GET', `/api/entities/notes/${t.note.id}`)).body;
    expect([note.room, note.version]).toEqual([null, 2]);
    expect((await audit('notes', t.note.id)).map((a) => a.operation)).toEqual(['create', 'update']);
    // The neighbour's records are untouched.
    for (const [entity, id] of [
      ['sites', other.site.id],
      ['rooms', other.room.id],
      ['fixtures', other.fixture.id],
      ['parts', other.part.id],
    ] as const)
      expect(await status(entity, id), entity).toBe(200);

    await settle();
    // Parents announced before the records that went with them.
    expect(heard.map((e) => `${e.op} ${e.entity}`)).toEqual([
      'delete sites',
      'delete rooms',
      'delete fixtures',
      'delete parts',
      'update notes',
    ]);
    expect(heard.find((e) => e.entity === 'parts')?.before).toMatchObject({ id: t.part.id });
  });
});
