/**
 * Attachments in Chromium, on the built helpdesk: a customer uploads a screenshot to their
 * ticket through the file chooser and watches its progress bar (the upload throttled, so the
 * bar is seen filling), then its thumbnail (the field's `thumb` variant), and opens the preview;
 * a file the field cannot take (type, size) is refused before it is sent, and one whose name
 * lies about its content is refused by the server, in its words; a file dropped on the zone
 * goes up like a chosen one. The agent sees the same attachment and
 * downloads it, byte for byte, then posts an internal note with a file; the customer sees
 * neither the note nor its file, and its address answers them 404. axe-core runs on the
 * pages and the preview.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  type OpenedPage,
  openPage,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const SUBJECT = 'The invoice page shows an error';
const NOTE = 'Checked the logs: a timeout on the billing service.';

/** A photo-like PNG: noise compresses badly, so a few hundred KiB, long enough to watch go up. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Every value each progress bar took, as the page drew it (a MutationObserver in the page). */
const RECORD_PROGRESS = (): void => {
  const w = window as unknown as { __progress: number[] };
  w.__progress = [];
  const seen = (node: Node) => {
    if (node instanceof HTMLProgressElement) w.__progress.push(node.value);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') seen(r.target);
      for (const n of r.addedNodes) {
        seen(n);
        if (n instanceof Element) n.querySelectorAll('progress').forEach(seen);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
};

/** Slows the page's uploads to `bytesPerSecond` (Chromium's own network throttling), or not. */
async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** Chooses files through the system's picker, as a person does: the drop zone's button opens it. */
async function choose(
  page: Page,
  scope: Locator | Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    scope.getByRole('button', { name: /Drop files here or choose/ }).click(),
  ]);
  await chooser.setFiles(files);
}

/**
 * Drops files on the drop zone as a drag from the desktop does: a DataTransfer holding them,
 * through dragenter, dragover and drop.
 */
async function drop(zone: Locator, files: { name: string; type: string; size?: number; text?: string }[]) {
  const dataTransfer = await zone.page().evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const body = f.text !== undefined ? [f.text] : [new Uint8Array(f.size ?? 0)];
      dt.items.add(new File(body, f.name, { type: f.type }));
    }
    return dt;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

/** Width of a loaded image, once it has loaded. */
async function loadedWidth(img: Locator): Promise<number> {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

describe.skipIf(!HAS_CHROMIUM)(
  'attachments: upload, preview, download, internal files',
  { timeout: 180_000 },
  () => {
    let hd: HelpdeskServer;
    let browser: Browser;
    let customer: OpenedPage;
    let agent: OpenedPage;
    let id = '';
    let png: Buffer;

    beforeAll(async () => {
      [hd, png] = await Promise.all([startHelpdesk({ seed: true }), noisyPng(400, 300)]);
      const alice = await apiAs(hd.base, DEMO.alice.email);
      const t = await alice.create('tickets', {
        subject: SUBJECT,
        description: 'Since this morning, with a red banner. Screenshot attached.',
        priority: 'normal',
        category: 'billing',
      });
      id = String(t.id);
      browser = await launchChromium();
      [customer, agent] = await Promise.all([openPage(browser), openPage(browser)]);
      await customer.page.addInitScript(RECORD_PROGRESS);
      await signIn(customer.page, hd.base, DEMO.alice.email, `/tickets/${id}`);
      await signIn(agent.page, hd.base, DEMO.agent.email, `/tickets/${id}`);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await hd?.close();
    });

    const attachments = (page: Page) => page.getByRole('region', { name: 'Attachments' });

    it('shows the customer an upload filling its progress bar, then the thumbnail', async () => {
      const { page } = customer;
      await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
      const section = attachments(page);
      await section
        .getByText('PNG, JPEG, GIF, WebP, PDF or plain text, up to 10 MiB each, at most 5 files')
        .waitFor();
      await checkA11y(page);
      // ~300 KiB at 128 KiB/s: a few seconds on the wire, for the bar to be seen moving.
      expect(png.length).toBeGreaterThan(200_000);
      await throttleUploads(page, 128 * 1024);
      await choose(page, section, [{ name: 'error-banner.png', mimeType: 'image/png', buffer: png }]);
      const bar = section.getByRole('progressbar', { name: 'Uploading error-banner.png' });
      await bar.waitFor();
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await shot(page, '90-attachment-uploading');
      const thumb = section.getByRole('button', { name: 'Preview error-banner.png' }).locator('img');
      await thumb.waitFor();
      await throttleUploads(page, null);
      await bar.waitFor({ state: 'detached' });
      // The bar went from empty to full through values in between.
      const values = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
      expect(values[0]).toBe(0);
      expect(values.some((v) => v > 0 && v < 100)).toBe(true);
      expect(Math.max(...values)).toBe(100);
      // The thumbnail is the field's `thumb` variant (160×160, cover), not the 400×300 original.
      expect(await loadedWidth(thumb)).toBe(160);
      await expect.poll(() => thumb.getAttribute('src')).toContain('variant=thumb');
      await section.getByText(/^PNG, \d+ KiB$/).waitFor();
      await checkA11y(page);
      await shot(page, '91-attachment-thumbnail');
    });

    it('opens the preview in a dialog, and gives focus back on close', async () => {
      const { page } = customer;
      const open = attachments(page).getByRole('button', { name: 'Preview error-banner.png' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'error-banner.png' });
      await dialog.waitFor();
      const img = dialog.getByRole('img', { name: 'error-banner.png' });
      // The `preview` variant (1280 inside): the whole image, larger than the thumbnail.
      expect(await img.getAttribute('src')).toContain('variant=preview');
      expect(await loadedWidth(img)).toBeGreaterThan(160);
      await checkA11y(page);
      await shot(page, '92-attachment-preview');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('refuses a type the field cannot take before sending it, and a lying file after', async () => {
      const { page } = customer;
      const section = attachments(page);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      await choose(page, section, [{ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg }]);
      await section
        .getByRole('alert')
        .getByText('logo.svg is not a type this field takes (PNG, JPEG, GIF, WebP, PDF or plain text).')
        .waitFor();
      // Never sent: no upload row for it.
      expect(await section.getByRole('progressbar').count()).toBe(0);
      // Named .png, but HTML: the browser's guess lets it go, the server reads the content.
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      await choose(page, section, [{ name: 'not-really.png', mimeType: 'image/png', buffer: html }]);
      const refused = section.getByRole('listitem').filter({ hasText: 'not-really.png:' });
      await refused.getByRole('alert').waitFor();
      expect(await refused.getByRole('alert').textContent()).toMatch(/^not-really\.png: \S/);
      await shot(page, '93-attachment-refused');
      await refused.getByRole('button', { name: 'Dismiss not-really.png' }).click();
      await refused.waitFor({ state: 'detached' });
      // Still one file: neither refusal left anything behind.
      expect(await section.getByRole('link', { name: /^Download / }).count()).toBe(1);
    });

    it('takes files dropped on the drop zone, refusing one over the size limit before sending', async () => {
      const { page } = customer;
      const section = attachments(page);
      const zone = section.locator('.drop-zone');
      await drop(zone, [{ name: 'scan.pdf', type: 'application/pdf', size: 12 * 1_048_576 }]);
      await section.getByRole('alert').getByText('scan.pdf is 12 MiB, over the 10 MiB limit.').waitFor();
      expect(await section.getByRole('progressbar').count()).toBe(0);
      await drop(zone, [
        { name: 'steps.txt', type: 'text/plain', text: '1. Open invoices\n2. See the banner\n' },
      ]);
      await section.getByRole('link', { name: 'Download steps.txt' }).waitFor();
      await section.getByText('plain text, 35 bytes').waitFor();
      // The refusal was of the earlier drop: a good one clears it.
      expect(await section.getByRole('alert').count()).toBe(0);
    });

    it('lets the agent see the same attachment and download it, byte for byte', async () => {
      const { page } = agent;
      await page.reload();
      const section = attachments(page);
      const thumb = section.getByRole('button', { name: 'Preview error-banner.png' }).locator('img');
      expect(await loadedWidth(thumb)).toBe(160);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('link', { name: 'Download error-banner.png' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('error-banner.png');
      const path = await download.path();
      expect(readFileSync(path).equals(png)).toBe(true);
    });

    it("posts the agent's internal note with a file, shown in the thread", async () => {
      const { page } = agent;
      const form = page.getByRole('form', { name: 'Add a comment' });
      await form.getByLabel('Comment').fill(NOTE);
      await form.getByLabel('Internal note').check();
      const text = Buffer.from('2026-01-12T09:14:03Z billing: upstream timeout after 30s\n');
      await choose(page, form, [{ name: 'billing-log.txt', mimeType: 'text/plain', buffer: text }]);
      // Chosen, not sent yet: listed in the form with a way to take it back.
      await form.getByRole('button', { name: 'Remove billing-log.txt' }).waitFor();
      await form.getByRole('button', { name: 'Add comment' }).click();
      const note = page.getByRole('article').filter({ hasText: NOTE });
      await note.getByText('Internal note').waitFor();
      await note.getByRole('link', { name: 'Download billing-log.txt' }).waitFor();
      expect(await form.getByRole('button', { name: 'Remove billing-log.txt' }).count()).toBe(0);
      await checkA11y(page);
      await shot(page, '94-internal-note-attachment');
    });

    it('keeps the internal note and its file from the customer, by page and by address', async () => {
      const agentApi = await apiAs(hd.base, DEMO.agent.email);
      const list = await agentApi.list('comments', { where: { ticket: id } });
      const note = list.items.find((c) => c.body === NOTE) as unknown as { attachments: { url: string }[] };
      const url = note.attachments[0]!.url;
      const { page } = customer;
      await page.reload();
      await attachments(page).getByRole('button', { name: 'Preview error-banner.png' }).waitFor();
      await page.getByRole('region', { name: 'Conversation' }).waitFor();
      expect(await page.getByText(NOTE).count()).toBe(0);
      expect(await page.getByText('billing-log.txt').count()).toBe(0);
      // The customer's own files are all still there.
      await attachments(page).getByRole('link', { name: 'Download steps.txt' }).waitFor();
      // The file's address, asked with the customer's session (no token: the session's caller
      // is judged): as if there were no such file. The agent's signed link is the agent's
      // (its token names them), so it is not what the customer is judged by.
      const address = url.split('?')[0]!;
      const status = await page.evaluate(async (u) => (await fetch(u)).status, address);
      expect(status).toBe(404);
      // Nor does the agent's own link open anything in the customer's signed-in browser: a link
      // is its person's, never borrowed by a request signed in as someone else.
      expect(await page.evaluate(async (u) => (await fetch(u)).status, url)).toBe(404);
      // The same address with the agent's session works (the 404 is the customer's, not a broken path).
      const agentStatus = await agent.page.evaluate(async (u) => (await fetch(u)).status, address);
      expect(agentStatus).toBe(200);
      // Nothing the customer's own API answers names the note or its file.
      const aliceApi = await apiAs(hd.base, DEMO.alice.email);
      const theirs = await aliceApi.list('comments', { where: { ticket: id } });
      expect(JSON.stringify(theirs)).not.toContain('billing-log.txt');
      expect(customer.errors).toEqual([]);
      expect(agent.errors).toEqual([]);
    });
  },
);
