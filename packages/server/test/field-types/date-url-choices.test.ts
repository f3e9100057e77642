/**
 * Dates, web addresses and integer choices over HTTP, once per dialect: what a write keeps
 * exactly, what it refuses (with the field's code, changing nothing), filters and sorts on a
 * date, the database's own CHECKs behind the validator, and a title read through a reference
 * from `?expand=`.
 */
import { clientMeta, defineApp, entity, f, recordTitle } from '@ninefold/spec';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

type Rec = Record<string, any>;

const everyone = { read: { member: true }, create: { member: true }, update: { member: true } };
const bookingApp = defineApp({
  about: { name: 'Rooms', summary: 'Room bookings.', audience: 'Tests.' },
  roles: { member: {}, admin: { admin: true } },
  entities: {
    rooms: entity({ title: 'name', fields: { name: f.text({ min: 1, max: 40 }) }, access: everyone }),
    bookings: entity({
      title: '{room.name} on {day}',
      fields: {
        room: f.ref('rooms'),
        day: f.date({ min: '2000-01-01', max: '2099-12-31' }),
        minutes: f.integer({ choices: [15, 30, 45, 60], default: 30 }),
        site: f.url({ optional: true }),
      },
      sortable: ['day'],
      access: everyone,
    }),
  },
});

describe.each(DIALECTS)('date, url and integer choices on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let member: TestUser;
  let room: Rec;
  const post = (url: string, payload: Rec) =>
    nf.server.inject({ method: 'POST', url, headers: member.headers, payload });
  const list = async (query: string) => {
    const res = await nf.server.inject({
      method: 'GET',
      url: `/api/entities/bookings${query}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Rec[]; nextCursor: string | null };
  };
  const days = async (query: string) => (await list(query)).items.map((r) => r.day);

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(bookingApp, { database: tdb.url, logger: { level: 'error' } });
    member = await sessionUser(nf, 'member', 'Mia');
    room = (await post('/api/entities/rooms', { name: 'Blue room' })).json();
    for (const [day, minutes] of [
      ['2026-03-01', 15],
      ['2026-02-28', 45],
      ['2024-02-29', 60],
      ['2026-12-31', 30],
    ] as const) {
      const res = await post('/api/entities/bookings', { room: room.id, day, minutes });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  it.each([
    [
      'a date, a choice and a web address as given',
      { day: '2030-01-02', minutes: 45, site: 'https://Example.com/a?b=1#c' },
      { day: '2030-01-02', minutes: 45, site: 'https://Example.com/a?b=1#c' },
    ],
    ['the default choice', { day: '2030-01-03' }, { minutes: 30, site: null }],
    [
      'a web address trimmed',
      { day: '2030-01-04', site: '  http://localhost:3000/x ' },
      { site: 'http://localhost:3000/x' },
    ],
  ])('keeps %s', async (_, body, expected) => {
    const res = await post('/api/entities/bookings', { room: room.id, ...body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(expected);
    const back = await nf.server.inject({
      method: 'GET',
      url: `/api/entities/bookings/${res.json().id}`,
      headers: member.headers,
    });
    expect(back.json()).toMatchObject(expected);
  });

  it.each([
    ['a day that does not exist', { day: '2026-02-30' }, 'day', 'type'],
    ['a day in another form', { day: '03/01/2026' }, 'day', 'type'],
    ['a day before the min', { day: '1999-12-31' }, 'day', 'too_small'],
    ['a day after the max', { day: '2100-01-01' }, 'day', 'too_big'],
    ['a number not among the choices', { day: '2030-01-01', minutes: 20 }, 'minutes', 'enum'],
    ['a choice as text', { day: '2030-01-01', minutes: '15' }, 'minutes', 'type'],
    ['a script address', { day: '2030-01-01', site: 'javascript:alert(1)' }, 'site', 'type'],
    ['a relative address', { day: '2030-01-01', site: '/rooms/1' }, 'site', 'type'],
    ['an ftp address', { day: '2030-01-01', site: 'ftp://example.com/' }, 'site', 'type'],
    [
      'an address too long',
      { day: '2030-01-01', site: `https://e.co/${'a'.repeat(2100)}` },
      'site',
      'too_long',
    ],
  ])('refuses %s, and stores nothing', async (_, body, path, code) => {
    const before = (await list('?limit=100')).items.length;
    const res = await post('/api/entities/bookings', { room: room.id, ...body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([expect.objectContaining({ path, code })]);
    expect((await list('?limit=100')).items.length).toBe(before);
  });

  it.each([
    ['?day=2026-03-01', ['2026-03-01']],
    ['?day[gte]=2026-02-28&day[lt]=2026-12-31&sort=day', ['2026-02-28', '2026-03-01']],
    ['?day[lte]=2026-02-28&sort=-day', ['2026-02-28', '2024-02-29']],
    ['?day[in]=2024-02-29,2026-12-31&sort=day', ['2024-02-29', '2026-12-31']],
    ['?day[ne]=2026-03-01&day[lt]=2027-01-01&sort=day', ['2024-02-29', '2026-02-28', '2026-12-31']],
    ['?minutes=45&sort=day', ['2026-02-28', '2030-01-02']],
  ])('filters and sorts by date: %s', async (query, expected) => {
    expect(await days(query)).toEqual(expected);
  });

  it('sorts by date in calendar order, page by page', async () => {
    const first = await list('?day[lt]=2027-01-01&sort=day&limit=2');
    const second = await list(`?day[lt]=2027-01-01&sort=day&limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((r) => r.day)).toEqual([
      '2024-02-29',
      '2026-02-28',
      '2026-03-01',
      '2026-12-31',
    ]);
  });

  it('refuses a date filter that names no real day', async () => {
    const res = await nf.server.inject({
      method: 'GET',
      url: '/api/entities/bookings?day[gt]=2026-02-30',
      headers: member.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_REQUEST');
  });

  it('has the database refuse what the validator refuses, below the API', async () => {
    const id = (await list('?day=2026-03-01')).items[0]!.id;
    await expect(
      nf.db.run(sql`UPDATE bookings SET day = '2026-3-1' WHERE id = ${id}`.compile(nf.db.qb)),
    ).rejects.toThrow();
    const long = `https://e.co/${'a'.repeat(2100)}`;
    await expect(
      nf.db.run(sql`UPDATE bookings SET site = ${long} WHERE id = ${id}`.compile(nf.db.qb)),
    ).rejects.toThrow();
    expect((await list('?day=2026-03-01')).items).toHaveLength(1);
  });

  it('names a booking through its room, read from ?expand=', async () => {
    const meta = clientMeta(bookingApp).entities.bookings!;
    const page = await list('?day=2026-03-01&expand=room');
    expect(recordTitle(meta, page.items[0]!)).toBe('Blue room on 2026-03-01');
  });
});
