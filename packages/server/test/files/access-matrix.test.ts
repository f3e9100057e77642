/**
 * Issue #18, "Must show": who may upload, see, download and delete which file in the
 * helpdesk, per role — anonymous, the ticket's customer, another customer, an agent, an
 * admin — once per dialect on the disk store and once on a real S3-compatible server.
 * A file is as visible as its record and field: an internal note's attachment never reaches
 * a customer, not in a record, a list, an expanded list, realtime, nor by its path. Every
 * refusal changes nothing: no ledger row, no bytes, the record's version as it was.
 */
import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busSettler, type Settle } from '../realtime/bus-settler';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS } from '../test-databases';
import { type FileHarness, png, type StoreKind, startFiles, type TestUser } from './file-harness';

type Who = 'anonymous' | 'customer' | 'other' | 'agent' | 'admin';
type Place = 'ticket' | 'comment' | 'note';
type Row = Record<string, any>;

const WHO: readonly Who[] = ['anonymous', 'customer', 'other', 'agent', 'admin'];
const ENTITY: Record<Place, string> = { ticket: 'tickets', comment: 'comments', note: 'comments' };

/** Uploads into each place's attachments: the answer per role. */
const UPLOADS: readonly { who: Who; place: Place; status: number }[] = [
  { who: 'anonymous', place: 'ticket', status: 401 },
  { who: 'customer', place: 'ticket', status: 201 },
  { who: 'other', place: 'ticket', status: 404 },
  { who: 'agent', place: 'ticket', status: 201 },
  { who: 'admin', place: 'ticket', status: 201 },
  // The agent's public comment: the customer reads it, but only a comment's author attaches.
  { who: 'anonymous', place: 'comment', status: 401 },
  { who: 'customer', place: 'comment', status: 403 },
  { who: 'other', place: 'comment', status: 404 },
  { who: 'agent', place: 'comment', status: 201 },
  { who: 'admin', place: 'comment', status: 201 },
  // The internal note: the customer may not even know it exists.
  { who: 'anonymous', place: 'note', status: 401 },
  { who: 'customer', place: 'note', status: 404 },
  { who: 'other', place: 'note', status: 404 },
  { who: 'agent', place: 'note', status: 201 },
  { who: 'admin', place: 'note', status: 201 },
];

/** Who sees (in answers and lists) and downloads the file first put in each place. */
const SEES: Record<Place, readonly Who[]> = {
  ticket: ['customer', 'agent', 'admin'],
  comment: ['customer', 'agent', 'admin'],
  note: ['agent', 'admin'],
};

/** Removing a file each role uploaded above (or the first file, for those who uploaded none). */
const DELETES: readonly { who: Who; place: Place; status: number }[] = [
  { who: 'anonymous', place: 'ticket', status: 401 },
  { who: 'other', place: 'ticket', status: 404 },
  { who: 'customer', place: 'note', status: 404 },
  { who: 'customer', place: 'comment', status: 403 },
  { who: 'customer', place: 'ticket', status: 204 },
  { who: 'agent', place: 'ticket', status: 204 },
  { who: 'agent', place: 'note', status: 204 },
  { who: 'admin', place: 'note', status: 204 },
  { who: 'admin', place: 'comment', status: 204 },
];

const RUNS: readonly { dialect: (typeof DIALECTS)[number]; kind: StoreKind }[] = [
  ...DIALECTS.map((dialect) => ({ dialect, kind: 'disk' as const })),
  { dialect: 'sqlite', kind: 's3' },
];

describe.each(RUNS)(
  'files in the helpdesk, by role, on $dialect with the $kind store',
  ({ dialect, kind }) => {
    let h: FileHarness;
    let settle: Settle;
    const as = {} as Record<Who, TestUser | null>;
    const record = {} as Record<Place, string>;
    /** The first file in each place, and its bytes. */
    const first = {} as Record<Place, { id: string; bytes: Buffer }>;
    /** The file each role uploaded into each place. */
    const uploaded = new Map<string, string>();

    const path = (place: Place) => `${ENTITY[place]}/${record[place]}`;
    const fileUrl = (place: Place, id: string) => `/api/entities/${path(place)}/files/attachments/${id}`;
    const get = async (who: Who, place: Place): Promise<Row | null> => {
      const res = await h.call(as[who], 'GET', `/api/entities/${path(place)}`);
      return res.statusCode === 200 ? res.json() : null;
    };
    const filesIn = (r: Row | null | undefined): Row[] => (r?.attachments as Row[] | undefined) ?? [];
    const idsIn = (r: Row | null | undefined): string[] => filesIn(r).map((f) => f.id);
    /** What must not change when a call is refused. */
    const snapshot = async () => ({
      ledger: (await h.ledger()).map((r) => `${r.id}:${r.status}`).sort(),
      keys: await h.keys(),
      versions: await Promise.all(
        (['ticket', 'comment', 'note'] as const).map(async (p) => (await get('admin', p))?.version),
      ),
    });

    beforeAll(async () => {
      h = await startFiles(app, dialect, kind);
      settle = await busSettler(h.nf);
      as.anonymous = null;
      for (const who of ['customer', 'other', 'agent', 'admin'] as const) {
        as[who] = await h.user(who === 'other' ? 'customer' : who);
      }
      const ticket = await h.call(as.customer, 'POST', '/api/entities/tickets', {
        subject: 'Printer is on fire',
        description: 'Please help.',
      });
      record.ticket = ticket.json().id;
      for (const [place, internal] of [
        ['comment', false],
        ['note', true],
      ] as const) {
        const res = await h.call(as.agent, 'POST', '/api/entities/comments', {
          ticket: record.ticket,
          body: internal ? 'Internal: the customer broke it.' : 'Looking into it.',
          internal,
        });
        expect(res.statusCode, res.body).toBe(201);
        record[place] = res.json().id;
      }
      const owner: Record<Place, Who> = { ticket: 'customer', comment: 'agent', note: 'agent' };
      for (const [i, place] of (['ticket', 'comment', 'note'] as const).entries()) {
        const bytes = await png(10 + i, 10);
        const res = await h.upload(as[owner[place]], `${path(place)}/files/attachments`, {
          name: 'file',
          filename: `${place}.png`,
          type: 'image/png',
          data: bytes,
        });
        expect(res.statusCode, res.body).toBe(201);
        first[place] = { id: res.json().id, bytes };
      }
    });
    afterAll(async () => {
      await h?.close();
    });

    it.each(UPLOADS)('$who uploading into the $place: $status', async ({ who, place, status }) => {
      const before = await snapshot();
      const res = await h.upload(as[who], `${path(place)}/files/attachments`, {
        name: 'file',
        filename: `${who}.png`,
        type: 'image/png',
        data: await png(20, 20),
      });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 201) {
        const ref = res.json();
        expect(ref).toMatchObject({ name: `${who}.png`, type: 'image/png' });
        expect(ref.url).toContain(`/files/attachments/${ref.id}`);
        uploaded.set(`${who}:${place}`, ref.id);
        expect(idsIn(await get('admin', place))).toContain(ref.id);
      } else {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(await snapshot()).toEqual(before);
      }
    });

    it.each(WHO.flatMap((who) => (['ticket', 'comment', 'note'] as const).map((place) => ({ who, place }))))(
      '$who sees the $place file in answers and lists only if they may read it',
      async ({ who, place }) => {
        const sees = SEES[place].includes(who);
        const id = first[place].id;
        const one = await get(who, place);
        expect(idsIn(one).includes(id)).toBe(sees);
        const list = await h.call(as[who], 'GET', `/api/entities/${ENTITY[place]}?limit=100`);
        const listed = list.statusCode === 200 ? (list.json().items as Row[]) : [];
        expect(listed.some((r) => idsIn(r).includes(id))).toBe(sees);
        if (place !== 'ticket') {
          const expanded = await h.call(as[who], 'GET', `/api/entities/comments?expand=ticket&limit=100`);
          const items = expanded.statusCode === 200 ? (expanded.json().items as Row[]) : [];
          expect(items.some((r) => idsIn(r).includes(id))).toBe(sees);
          expect(expanded.body.includes(id)).toBe(sees);
        }
        if (sees) {
          const ref = filesIn(one).find((f) => f.id === id);
          expect(ref).toMatchObject({
            name: `${place}.png`,
            type: 'image/png',
            size: first[place].bytes.length,
          });
        }
      },
    );

    it.each(WHO.flatMap((who) => (['ticket', 'comment', 'note'] as const).map((place) => ({ who, place }))))(
      '$who downloads the $place file, by session and by its url, only if they may read it',
      async ({ who, place }) => {
        const sees = SEES[place].includes(who);
        const { id, bytes } = first[place];
        const bySession = await h.call(as[who], 'GET', fileUrl(place, id));
        expect(bySession.statusCode, bySession.body).toBe(sees ? 200 : 404);
        if (!sees) {
          expect(bySession.body).not.toContain(place);
          return;
        }
        expect(bySession.rawPayload.equals(bytes)).toBe(true);
        const url = filesIn(await get(who, place)).find((f) => f.id === id)?.url as string;
        // The url alone, no session: what an <img> or a download link sends.
        const byUrl = await h.request({ method: 'GET', url });
        expect(byUrl.statusCode, byUrl.body).toBe(200);
        expect(byUrl.rawPayload.equals(bytes)).toBe(true);
        expect(byUrl.headers['x-content-type-options']).toBe('nosniff');
      },
    );

    it("the customer's own link, pointed at the internal note's file, downloads nothing", async () => {
      const mine = filesIn(await get('customer', 'ticket')).find((f) => f.id === first.ticket.id);
      const token = new URL(mine?.url as string, 'http://x').searchParams.get('token');
      expect(token).toBeTruthy();
      const res = await h.request({ method: 'GET', url: `${fileUrl('note', first.note.id)}?token=${token}` });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.rawPayload.equals(first.note.bytes)).toBe(false);
    });

    it('realtime: the customer never hears of a file put on the internal note', async () => {
      const socket = await TestSocket.open(h.port, (as.customer as TestUser).headers);
      try {
        await socket.subscribe('comments', 'comments');
        await socket.subscribe('ticket', 'tickets', {}, record.ticket);
        const upload = (place: Place) =>
          h.upload(as.agent, `${path(place)}/files/attachments`, {
            name: 'file',
            filename: `live-${place}.png`,
            type: 'image/png',
            data: first.ticket.bytes,
          });
        const note = await upload('note');
        expect(note.statusCode, note.body).toBe(201);
        // Then one the customer may hear: once it has arrived, the note's would have too.
        const comment = await upload('comment');
        expect(comment.statusCode, comment.body).toBe(201);
        await settle();
        await socket.next((m) => m.type === 'event' && m.id === record.comment, 0);
        await socket.barrier();
        const heard = JSON.stringify(socket.messages);
        expect(heard).not.toContain(record.note);
        expect(heard).not.toContain(note.json().id);
        expect(heard).not.toContain('Internal');
        // The public comment's event carries its new file, with a url for the customer.
        expect(heard).toContain(comment.json().id);
      } finally {
        await socket.close();
      }
    });

    it.each(DELETES)('$who removing a file from the $place: $status', async ({ who, place, status }) => {
      const id = uploaded.get(`${who}:${place}`) ?? first[place].id;
      const before = await snapshot();
      const key = (await h.ledger()).find((r) => r.id === id)?.key as string;
      expect(key).toBeTruthy();
      const res = await h.call(as[who], 'DELETE', fileUrl(place, id));
      expect(res.statusCode, res.body).toBe(status);
      if (status !== 204) {
        expect(await snapshot()).toEqual(before);
        return;
      }
      expect(idsIn(await get('admin', place))).not.toContain(id);
      expect((await h.call(as.admin, 'GET', fileUrl(place, id))).statusCode).toBe(404);
      // Its bytes go once the write committed (at the latest, at the next sweep).
      await h.sweep();
      expect((await h.ledger()).find((r) => r.id === id)).toBeUndefined();
      expect(await h.store.has(key)).toBe(false);
    });

    it('in the end, every ledger row is a ready file some record names, and every stored key a row', async () => {
      await h.sweep();
      const rows = await h.ledger();
      expect(rows.every((r) => r.status === 'ready')).toBe(true);
      const named = new Set<string>();
      for (const place of ['ticket', 'comment', 'note'] as const)
        for (const id of idsIn(await get('admin', place))) named.add(id);
      expect(new Set(rows.map((r) => r.id))).toEqual(named);
      const keys = new Set(rows.map((r) => r.key));
      // Variants cached beside a file are its own; anything else would be an orphan.
      expect((await h.keys()).filter((k) => ![...keys].some((key) => k.startsWith(key)))).toEqual([]);
    });
  },
);
