/**
 * Messages: the mail an app sends, declared like its error catalogue — a subject and a body
 * (plain text, and HTML if the app writes one) with `{param}` placeholders.
 */
import { type ParamKinds, templateParams } from '../errors/message-template';
import { BUILTIN_MESSAGES } from './builtin-messages';

export interface MessageInput {
  /** One line; `{param}` placeholders. */
  readonly subject: string;
  /** The plain-text body. */
  readonly text: string;
  /** An HTML body; without one, the HTML part is made from the text. Params are escaped. */
  readonly html?: string;
  /** The types of its placeholders, where known (default `string | number`). */
  readonly params?: ParamKinds;
  readonly description?: string;
}

export interface MessageNode {
  readonly name: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Every placeholder of the subject and bodies, in order of appearance. */
  readonly params: readonly string[];
  readonly paramKinds: ParamKinds;
  readonly builtin: boolean;
  readonly description?: string;
}

function node(name: string, m: MessageInput, builtin: boolean): MessageNode {
  const params = [...new Set([m.subject, m.text, m.html ?? ''].flatMap((t) => templateParams(t)))];
  return {
    name,
    subject: m.subject,
    text: m.text,
    ...(m.html !== undefined ? { html: m.html } : {}),
    params,
    paramKinds: m.params ?? {},
    builtin,
    ...(m.description ? { description: m.description } : {}),
  };
}

/**
 * The app's messages: the built-in ones, replaced where the app declares the same name
 * (keeping the built-in's param types), and the app's own.
 * @example messageNodes({ welcome: { subject: 'Welcome, {name}', text: '…' } }).welcome.params // ['name']
 */
export function messageNodes(declared: { readonly [name: string]: MessageInput } = {}): {
  [name: string]: MessageNode;
} {
  const nodes: Record<string, MessageNode> = {};
  for (const [name, m] of Object.entries(BUILTIN_MESSAGES)) nodes[name] = node(name, m, true);
  for (const [name, m] of Object.entries(declared)) {
    const builtin = Object.hasOwn(BUILTIN_MESSAGES, name)
      ? BUILTIN_MESSAGES[name as keyof typeof BUILTIN_MESSAGES]
      : undefined;
    nodes[name] = node(
      name,
      builtin ? { description: builtin.description, ...m, params: { ...builtin.params, ...m.params } } : m,
      builtin !== undefined,
    );
  }
  return nodes;
}
