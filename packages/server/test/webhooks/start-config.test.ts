/**
 * `ninefold start` reads each webhook's target from WEBHOOK_<NAME>_URL and _SECRET, and a
 * half-set or malformed pair stops it at once, naming the variable and never its value: a
 * webhook silently off would lose every event.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusedStart } from './run-start';

const dir = mkdtempSync(join(tmpdir(), 'nf-webhook-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = { DATA_DIR: dir, MAIL_OUTBOX: '1', APP_URL: 'http://app.test' };
const GOOD_SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;

describe('ninefold start with a webhook misconfigured', { timeout: 90_000 }, () => {
  it.each([
    {
      case: 'a URL without its secret',
      env: { WEBHOOK_TICKET_EVENTS_URL: 'https://hooks.example.test/in' },
      says: /WEBHOOK_TICKET_EVENTS_URL is set but WEBHOOK_TICKET_EVENTS_SECRET is not/,
      hides: 'hooks.example.test',
    },
    {
      case: 'a secret that is not whsec_ + base64',
      env: {
        WEBHOOK_TICKET_EVENTS_URL: 'https://hooks.example.test/in',
        WEBHOOK_TICKET_EVENTS_SECRET: 'hunter2-hunter2-hunter2',
      },
      says: /WEBHOOK_TICKET_EVENTS_SECRET must be a Standard Webhooks secret/,
      hides: 'hunter2',
    },
    {
      case: 'a URL that is not http(s)',
      env: { WEBHOOK_TICKET_EVENTS_URL: 'file:///etc/passwd', WEBHOOK_TICKET_EVENTS_SECRET: GOOD_SECRET },
      says: /WEBHOOK_TICKET_EVENTS_URL must be an http:\/\/ or https:\/\/ URL/,
      hides: GOOD_SECRET,
    },
  ])('refuses $case, by name', async ({ env, says, hides }) => {
    const { code, out } = await refusedStart({ ...BASE, ...env });
    expect(code, out).not.toBe(0);
    expect(out).toMatch(says);
    expect(out).not.toContain(hides);
    expect(out).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
