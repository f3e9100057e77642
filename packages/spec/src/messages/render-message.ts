/**
 * A message of the catalogue made into mail: the subject on one line, the plain-text body,
 * and an HTML body — the message's own with every param escaped, or one made from the text.
 * Params come from outside (a name someone typed at sign-up), so nothing in them is markup.
 */
import { fillTemplate } from '../errors/message-template';
import type { MessageNode } from './message-node';

/**
 * The params a message is rendered with.
 * @example const params: MessageParams = { app: 'Helpdesk', name: 'Ann', minutes: 60 };
 */
export type MessageParams = { readonly [param: string]: string | number | null | undefined };

/**
 * A rendered mail's parts.
 * @example const { subject, text, html }: RenderedMessage = renderMessage(node, params);
 */
export interface RenderedMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML, in element content and in quoted attributes alike.
 * @example escapeHtml('<b>Tom & Jerry</b>') // '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

// A URL ends before whitespace or a quote; punctuation closing a sentence is not part of it.
const URL_RE = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]}]+$/;

function linked(line: string): string {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(URL_RE)) {
    const url = m[0].replace(TRAILING, '');
    out += escapeHtml(line.slice(at, m.index));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = m.index + url.length;
  }
  return out + escapeHtml(line.slice(at));
}

/**
 * HTML for a plain-text body: escaped, a paragraph for each run of lines between blank
 * lines, a line break within one, and every http(s) URL a link.
 * @example htmlFromText('Hi,\n\nGo to https://a.example.') // '<p>Hi,</p>\n<p>Go to <a href="https://a.example">https://a.example</a>.</p>'
 */
export function htmlFromText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(linked).join('<br>\n')}</p>`)
    .join('\n');
}

/**
 * Renders a message with its params. A missing param stays visible as `{param}`, as in
 * `fillTemplate`; in HTML every param is escaped, so a param holding `<script>` shows as text.
 * @example
 * const mail = renderMessage(app.messages.welcome!, { name: 'Ann', app: 'Helpdesk' });
 * mail.subject // 'Welcome to Helpdesk, Ann'
 */
export function renderMessage(node: MessageNode, params: MessageParams = {}): RenderedMessage {
  // A header is one line: a line break in a param must not start another header.
  const subject = fillTemplate(node.subject, params)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  const text = fillTemplate(node.text, params);
  const html =
    node.html === undefined
      ? htmlFromText(text)
      : node.html.replace(/\{(\w+)\}/g, (whole, name: string) => {
          const value = params[name];
          return value === undefined || value === null ? whole : escapeHtml(String(value));
        });
  return { subject, text, html };
}
