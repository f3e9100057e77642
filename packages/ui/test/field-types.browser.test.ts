/**
 * Dates, web addresses, integer choices and a title read through a reference, as a person
 * meets them in the generated pages of a small booking app: a date input, a choice of
 * durations, a web address input that refuses `javascript:` before sending; the detail page
 * names the booking by its room, shows the day as the same day west of Greenwich, and the
 * address as a link that opens in a new tab telling the other site nothing.
 */
import { createNinefold, type Ninefold, setPassword, staticUi } from '@ninefold/server';
import { defineApp, entity, f } from '@ninefold/spec';
import { type TestDatabase, testDatabase } from '@ninefold/testing';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIST,
  ensureUiBuilt,
  HAS_CHROMIUM,
  launchChromium,
  noticeIfNoChromium,
  PASSWORD,
  signIn,
} from './support';

noticeIfNoChromium();

const everyone = { read: { member: true }, create: { member: true }, update: { member: true } };
const bookingApp = defineApp({
  about: { name: 'Rooms', summary: 'Book a room.', audience: 'Staff.' },
  roles: { member: { label: 'Member' }, admin: { admin: true } },
  entities: {
    rooms: entity({ title: 'name', fields: { name: f.text({ min: 1, max: 40 }) }, access: everyone }),
    bookings: entity({
      title: '{room.name} on {day}',
      fields: {
        room: f.ref('rooms', { optional: true, label: 'Room' }),
        day: f.date({ min: '2020-01-01', label: 'Day' }),
        minutes: f.integer({ choices: [15, 30, 45, 60], label: 'Minutes' }),
        site: f.url({ optional: true, label: 'Site' }),
      },
      access: everyone,
    }),
  },
  screens: {
    login: { route: '/login', kind: 'login', title: 'Sign in', roles: ['anonymous'] },
    bookings: {
      route: '/bookings',
      kind: 'list',
      title: 'Bookings',
      entity: 'bookings',
      columns: ['day', 'minutes', 'site'],
    },
    newBooking: {
      route: '/bookings/new',
      kind: 'form',
      title: 'New booking',
      entity: 'bookings',
      fields: ['day', 'minutes', 'site'],
    },
    booking: { route: '/bookings/:id', kind: 'detail', title: 'Booking', entity: 'bookings' },
  },
});

describe.skipIf(!HAS_CHROMIUM)(
  'dates, web addresses, choices and titles in the pages',
  { timeout: 120_000 },
  () => {
    let tdb: TestDatabase;
    let nf: Ninefold;
    let base: string;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    const email = 'mia@rooms.test';
    // What the database holds, read below every rule.
    const stored = () => nf.db.all(sql`SELECT day, minutes, site FROM bookings`.compile(nf.db.qb));

    beforeAll(async () => {
      await ensureUiBuilt();
      tdb = await testDatabase('sqlite-file');
      nf = await createNinefold(bookingApp, { database: tdb.url, logger: { level: 'error' } });
      await staticUi(nf.server, DIST);
      const user = await nf.core.create(null, 'users', { email, name: 'Mia', role: 'member' }, true);
      await setPassword(nf.db, String(user.id), PASSWORD, new Date());
      base = await nf.server.listen({ host: '127.0.0.1', port: 0 });
      browser = await launchChromium();
      // West of Greenwich: a date read as an instant would show the day before.
      context = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
      page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, base, email, '/bookings/new');
    });
    afterAll(async () => {
      await browser?.close();
      await nf?.close();
      await tdb?.drop();
    });

    it('offers a date input, the choices and a web address input, and refuses a script address', async () => {
      const day = page.getByLabel('Day');
      expect(await day.getAttribute('type')).toBe('date');
      expect(await day.getAttribute('min')).toBe('2020-01-01');
      const minutes = page.getByLabel('Minutes');
      expect(await minutes.locator('option').allTextContents()).toEqual(['Choose…', '15', '30', '45', '60']);
      expect(await page.getByLabel('Site').getAttribute('type')).toBe('url');

      await day.fill('2026-03-01');
      await minutes.selectOption('45');
      await page.getByLabel('Site').fill('javascript:alert(1)');
      await page.getByRole('button', { name: /create|save/i }).click();
      await expect.poll(() => page.getByText(/Site must be a web address/).count()).toBeGreaterThan(0);
      expect(await stored()).toEqual([]);
    });

    it('saves the booking as typed, and shows it on its page the same day, with a safe link', async () => {
      await page.getByLabel('Site').fill('https://example.com/rooms?b=1');
      await page.getByRole('button', { name: /create|save/i }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      expect(await stored()).toEqual([
        { day: '2026-03-01', minutes: 45, site: 'https://example.com/rooms?b=1' },
      ]);

      const main = page.locator('main');
      await expect.poll(() => main.getByText('Mar 1, 2026').count()).toBeGreaterThan(0);
      expect(await main.getByText('Feb 28, 2026').count()).toBe(0);
      const link = main.getByRole('link', { name: 'https://example.com/rooms?b=1' });
      expect(await link.getAttribute('href')).toBe('https://example.com/rooms?b=1');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    });

    it('names a booking by its room and day, read through the reference', async () => {
      const room = await nf.core.create(null, 'rooms', { name: 'Blue room' }, true);
      const booking = await nf.core.create(
        null,
        'bookings',
        { room: room.id, day: '2026-04-02', minutes: 15 },
        true,
      );
      await page.goto(`${base}/bookings/${booking.id}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Blue room on 2026-04-02');
      expect(errors).toEqual([]);
    });
  },
);
