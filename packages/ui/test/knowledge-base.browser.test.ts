/**
 * The knowledge base, as its people meet it: an admin drafts an article with the generated
 * form (told what is wrong first), a customer cannot find the draft — not in the list, not
 * at its address — the admin publishes it from the article's page, and the customer's open
 * list shows it without a reload; they open it and read it, rendered.
 */
import type { Browser, Page } from 'playwright-core';
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

const TITLE = 'Rotating your API keys safely';
const BODY = [
  '## Before you start',
  '',
  'You need the **admin** role.',
  '',
  '- Create the new key',
  '- Deploy it everywhere',
  '- Revoke the old key',
].join('\n');

describe.skipIf(!HAS_CHROMIUM)('admins draft and publish articles', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let admin: OpenedPage;
  let customer: OpenedPage;
  let path = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    browser = await launchChromium();
    admin = await openPage(browser);
    customer = await openPage(browser);
    await signIn(admin.page, hd.base, DEMO.admin.email, '/articles');
    await signIn(customer.page, hd.base, DEMO.alice.email, '/articles');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const toast = (page: Page, text: string) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const articleLink = (page: Page, title: string) =>
    page.getByRole('table').getByRole('link', { name: title });
  const detail = (page: Page, label: string) =>
    page
      .getByRole('complementary', { name: 'Details' })
      .locator('.record-field')
      .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');

  it('shows admins every article, drafts included, and a way to write one', async () => {
    const page = admin.page;
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
    // The seeded draft is listed for an admin.
    await articleLink(page, 'Setting up webhooks').waitFor();
    await page.getByRole('link', { name: 'New article' }).waitFor();
    await checkA11y(page);
    await shot(page, 'kb-01-articles-admin');
  });

  it('names what is wrong with a draft before sending it', async () => {
    const page = admin.page;
    await page.getByRole('link', { name: 'New article' }).click();
    await page.getByRole('heading', { level: 1, name: 'New article' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/articles/new');
    // A new article is a draft unless the admin says otherwise.
    expect(await page.getByLabel('Published').isChecked()).toBe(false);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.getByText('Title is required.').waitFor();
    await page.getByText('Body is required.').waitFor();
    const title = page.getByLabel('Title');
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    await title.fill('Keys');
    await title.blur();
    await page.getByText('Title must be at least 5 characters.').waitFor();
    await checkA11y(page);
    await shot(page, 'kb-02-article-form-errors');
  });

  it('saves the draft and shows its page, unpublished', async () => {
    const page = admin.page;
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Body').fill(BODY);
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await toast(page, 'Article created.').waitFor();
    path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/articles\/[0-9a-f-]{36}$/);
    await detail(page, 'Published').getByText('No', { exact: true }).waitFor();
    // The body is markdown, drawn as such.
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await checkA11y(page);
    await shot(page, 'kb-03-article-draft-admin');
  });

  it('keeps the draft from customers: not listed, and not at its address', async () => {
    const page = customer.page;
    // The customer's list has drawn its rows (a published article), and the draft is not one.
    await articleLink(page, 'Resetting your password').waitFor();
    await expect.poll(() => articleLink(page, TITLE).count()).toBe(0);
    expect(await articleLink(page, 'Setting up webhooks').count()).toBe(0);
    const alice = await apiAs(hd.base, DEMO.alice.email);
    const seen = await alice.list('articles', { limit: 100 });
    expect(seen.items.map((a) => a.title)).not.toContain(TITLE);

    const other = await openPage(browser);
    await signIn(other.page, hd.base, DEMO.bob.email, path);
    await other.page.getByRole('heading', { level: 1, name: 'No such article' }).waitFor();
    await checkA11y(other.page);
    // A visitor neither.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${hd.base}${path}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'No such article' }).waitFor();
    expect([...other.errors, ...visitor.errors]).toEqual([]);
    await other.context.close();
    await visitor.context.close();
  });

  it('lets the admin publish it from its page', async () => {
    const page = admin.page;
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit article' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await checkA11y(page);
    await shot(page, 'kb-04-publish-dialog');
    await dialog.getByLabel('Published').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Article saved.').waitFor();
    await detail(page, 'Published').getByText('Yes', { exact: true }).waitFor();
  });

  it('shows the customer the published article without a reload, and opens it', async () => {
    const page = customer.page;
    // Still on the list they opened before it was published: it arrives live.
    expect(new URL(page.url()).pathname).toBe('/articles');
    await articleLink(page, TITLE).waitFor();
    await checkA11y(page);
    await shot(page, 'kb-05-articles-customer');
    await articleLink(page, TITLE).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Revoke the old key' }).waitFor();
    // Customers read; they do not edit.
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await checkA11y(page);
    await shot(page, 'kb-06-article-customer');
  });

  it('threw no errors in either page', () => {
    expect([...admin.errors, ...customer.errors]).toEqual([]);
  });
});
