/**
 * The message catalogue: a subject fits one line and holds no {link}, a built-in message reworded by the app
 * still carries its link and uses only the params the server gives it, and every typed
 * param is one some template of its message uses. An app's own messages take any params:
 * the action that sends one gives them.
 */
import { templateParams } from '../errors/message-template';
import { BUILTIN_MESSAGES } from '../messages/builtin-messages';
import type { MessageNode } from '../messages/message-node';
import type { CheckContext } from './check-context';
import { listNames, which } from './describe-names';

type Template = 'subject' | 'text' | 'html';

function templatesOf(m: MessageNode): [Template, string][] {
  const all: [Template, string | undefined][] = [
    ['subject', m.subject],
    ['text', m.text],
    ['html', m.html],
  ];
  return all.filter((t): t is [Template, string] => t[1] !== undefined);
}

function checkBuiltin(ctx: CheckContext, m: MessageNode, path: string): void {
  const given = Object.keys(BUILTIN_MESSAGES[m.name as keyof typeof BUILTIN_MESSAGES].params);
  for (const body of ['text', 'html'] as const) {
    const template = m[body];
    if (template === undefined || templateParams(template).includes('link')) continue;
    ctx.report(
      `${path}.${body}`,
      `the ${body} of '${m.name}' has no {link}, so its reader could not follow the account flow it is sent for`,
    );
  }
  for (const [at, template] of templatesOf(m)) {
    for (const param of new Set(templateParams(template))) {
      if (given.includes(param)) continue;
      ctx.report(
        `${path}.${at}`,
        `the ${at} of '${m.name}' uses {${param}}: ${which(param, `a param the server gives '${m.name}'`, given, 'params')}`,
      );
    }
  }
  for (const param of Object.keys(m.paramKinds)) {
    if (given.includes(param)) continue;
    ctx.report(
      `${path}.params.${param}`,
      `'${m.name}' types {${param}}, which the server never gives it (params: ${listNames(given)})`,
    );
  }
}

/**
 * Checks every message of the catalogue.
 * @example checkMessages(ctx) // reports "the text of 'passwordReset' has no {link}, …"
 */
export function checkMessages(ctx: CheckContext): void {
  for (const m of Object.values(ctx.app.messages)) {
    const path = `messages.${m.name}`;
    if (m.subject.trim() === '') ctx.report(`${path}.subject`, `the subject of '${m.name}' is empty`);
    if (/[\r\n]/.test(m.subject)) {
      ctx.report(`${path}.subject`, `the subject of '${m.name}' has a line break; a subject is one line`);
    }
    // Subjects are kept (nf_mail.subject) and shown to admins: a link's token would sit there in clear.
    if (templateParams(m.subject).includes('link')) {
      ctx.report(
        `${path}.subject`,
        `the subject of '${m.name}' has {link}; a subject is stored and listed, so a link goes in the text or html only`,
      );
    }
    if (m.text.trim() === '') ctx.report(`${path}.text`, `the text of '${m.name}' is empty`);
    if (m.builtin) checkBuiltin(ctx, m, path);
    for (const [param, kind] of Object.entries(m.paramKinds)) {
      if (kind !== 'number' && kind !== 'string') {
        ctx.report(
          `${path}.params.${param}`,
          `the type of {${param}} is 'number' or 'string', not '${kind}'`,
        );
      }
      // A built-in's own params stay typed when a rewording leaves one out.
      if (m.builtin || m.params.includes(param)) continue;
      ctx.report(
        `${path}.params.${param}`,
        `'${m.name}' types {${param}}, but none of its subject, text${m.html === undefined ? '' : ' or html'} has {${param}}`,
      );
    }
  }
}
