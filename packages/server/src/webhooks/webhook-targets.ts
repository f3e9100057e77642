/**
 * Where each webhook of the spec delivers, from configuration: `WEBHOOK_<NAME>_URL` and
 * `WEBHOOK_<NAME>_SECRET` (the names each `WebhookNode.env` holds). A half-configured or
 * malformed target stops the start: a webhook silently off would lose every event it should
 * have sent.
 */
import type { App } from '@ninefold/spec';
import type { WebhookTargets } from '../jobs/job-types';

/** A Standard Webhooks secret: `whsec_` and the key in base64 (at least 16 bytes of it). */
const SECRET = /^whsec_[A-Za-z0-9+/]{22,}={0,2}$/;

/**
 * The targets configured in `env`: a webhook with neither variable set is off; one with only
 * one of them, a URL that is not http(s) or a secret that is not `whsec_` + base64 is a
 * mistake, thrown at start with the variable's name (never its value).
 * @example const webhooks = webhookTargets(app, process.env); // { ticketEvents: { url, secret } }
 */
export function webhookTargets(app: App, env: Readonly<Record<string, string | undefined>>): WebhookTargets {
  const targets: Record<string, { url: string; secret: string }> = {};
  for (const node of Object.values(app.webhooks)) {
    const url = env[node.env.url]?.trim() || undefined;
    const secret = env[node.env.secret]?.trim() || undefined;
    if (!url && !secret) continue;
    if (!url) throw new Error(`${node.env.secret} is set but ${node.env.url} is not: set both or neither.`);
    if (!secret)
      throw new Error(`${node.env.url} is set but ${node.env.secret} is not: set both or neither.`);
    if (!isHttpUrl(url)) throw new Error(`${node.env.url} must be an http:// or https:// URL.`);
    if (!isSecret(secret))
      throw new Error(
        `${node.env.secret} must be a Standard Webhooks secret: "whsec_" and at least 16 random bytes in base64.`,
      );
    targets[node.name] = { url, secret };
  }
  return targets;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isSecret(text: string): boolean {
  if (!SECRET.test(text)) return false;
  const key = text.slice('whsec_'.length);
  // Node's decoder skips characters it does not know: a round trip proves the text is base64.
  return Buffer.from(key, 'base64').toString('base64').replace(/=+$/, '') === key.replace(/=+$/, '');
}
