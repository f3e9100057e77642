/**
 * Delivers one webhook event, signed (Standard Webhooks, with its reference implementation);
 * anything but a 2xx answer is a failure the worker tries again with backoff, the same
 * message id and body each time, so the receiver can drop what it already has.
 */
import { Webhook } from 'standardwebhooks';
import type { JobHandler, WebhookTarget } from '../jobs/job-types';
import type { WebhookMessage } from './queue-webhooks';

/**
 * How long a receiver has to answer one try.
 * @example AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of a refusing receiver's answer the job's error keeps. */
const SNIPPET = 200;

/**
 * The headers that sign `message` for `target` at `at`: `webhook-id`, `webhook-timestamp`
 * (seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`).
 * @example const headers = signedHeaders(target, { id, body }, new Date());
 */
export function signedHeaders(
  target: WebhookTarget,
  message: WebhookMessage,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Ninefold-Webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(target.secret).sign(message.id, at, message.body),
  };
}

/**
 * The `webhook` job handler: one POST of the frozen body to the webhook's target.
 * @example handlers: { ..., webhook: deliverWebhook }
 */
export const deliverWebhook: JobHandler = async ({ job, webhooks, signal }) => {
  const target = webhooks[job.name];
  if (!target) throw new Error(`webhook "${job.name}" has no target configured`);
  const message = job.payload as unknown as WebhookMessage;
  // The wall clock, not the app's: the receiver checks it against its own to refuse replays,
  // and a clock moved in a test or a demo would have every delivery refused.
  const headers = signedHeaders(target, message, new Date());
  let res: Response;
  try {
    res = await fetch(target.url, {
      method: 'POST',
      headers,
      body: message.body,
      // A redirect could take the signed event to another host: it is a failure instead.
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
  } catch (e) {
    throw new Error(networkFailure(e, signal));
  }
  if (res.status >= 200 && res.status < 300) {
    await res.body?.cancel().catch(() => {});
    return;
  }
  const snippet = await answerSnippet(res);
  const why = res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : '';
  throw new Error(`HTTP ${res.status}${why}${snippet ? `: ${snippet}` : ''}`);
};

/** A one-line reason for a try that got no answer. */
function networkFailure(e: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'aborted: the server is closing';
  const err = e as { name?: string; cause?: { code?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  switch (err.cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      return err.cause?.code ? `network error (${err.cause.code})` : 'network error';
  }
}

/** The start of the receiver's answer on one line, reading no more of it than that. */
async function answerSnippet(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length <= SNIPPET) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The answer broke off: what arrived is enough to tell.
  } finally {
    await reader.cancel().catch(() => {});
  }
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET)}…` : line;
}
