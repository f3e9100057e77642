/**
 * Notifications: who hears (paths the server can follow to people), what they read (title
 * and body templates whose placeholders name fields — the one template reading is
 * record-title.ts's), the record it opens, and a label for the person's preferences.
 */
import type { NotificationNode } from '../app/automation';
import { type TitlePath, titleParts } from '../derive/record-title';
import type { Field } from '../fields/field';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkAutomationName, checkEvent } from './check-events';
import { article, which } from './describe-names';

const USERS = 'users';

/**
 * Checks every notification of the app.
 * @example checkNotifications(ctx) // reports "notification 'agentReplied' tells 'ticket.requestr': 'requestr', which is not a field of tickets …"
 */
export function checkNotifications(ctx: CheckContext): void {
  for (const [name, n] of Object.entries(ctx.app.notifications)) {
    const path = `notifications.${name}`;
    const who = `notification '${name}'`;
    checkAutomationName(ctx, 'notification', name, path);
    if (n.label.trim() === '') {
      ctx.report(`${path}.label`, `${who} has an empty label, which its preferences would show`);
    }
    const entity = checkEvent(ctx, n.on, `${path}.on`, { who });
    if (n.to.length === 0) ctx.report(`${path}.to`, `${who} tells nobody: name at least one path in 'to'`);
    if (n.title.trim() === '') ctx.report(`${path}.title`, `${who} has an empty title`);
    if (!entity) continue;
    for (const [i, to] of n.to.entries()) checkRecipients(ctx, entity, to, `${path}.to[${i}]`, who);
    checkTemplate(ctx, entity, n.title, `${path}.title`, `the title of ${who}`);
    if (n.body !== undefined) checkTemplate(ctx, entity, n.body, `${path}.body`, `the body of ${who}`);
    if (n.link !== undefined) checkLink(ctx, entity, n, `${path}.link`, who);
  }
}

// A field of `entity` that must be a reference, or undefined after saying why it is not one.
function refField(
  ctx: CheckContext,
  entity: string,
  name: string,
  path: string,
  lead: string,
): Extract<Field, { type: 'ref' }> | undefined {
  const node = ctx.app.entities[entity];
  if (!node) return undefined;
  const field = fieldOf(node, name);
  if (!field) {
    ctx.report(path, `${lead}: ${which(name, `a field of ${entity}`, fieldNames(node), 'fields')}`);
    return undefined;
  }
  if (field.type !== 'ref') {
    ctx.report(path, `${lead}, but '${name}' is ${article(field.type)} field, not a reference`);
    return undefined;
  }
  return field;
}

function checkRecipients(ctx: CheckContext, entity: string, to: string, path: string, who: string): void {
  const lead = `${who} tells '${to}'`;
  const steps = to.split('.');
  if (steps.length > 2 || steps.some((s) => s === '')) {
    ctx.report(
      path,
      `${lead}, which is not a path it can follow: name a reference to users ('requester'), one hop through a reference ('ticket.assignee'), or a reference to a record users belong to ('team')`,
    );
    return;
  }
  let field = refField(ctx, entity, steps[0]!, path, lead);
  if (field && steps[1] !== undefined) field = refField(ctx, field.entity, steps[1], path, lead);
  if (!field || field.entity === USERS || !Object.hasOwn(ctx.app.entities, field.entity)) return;
  const users = ctx.app.entities[USERS];
  const members = Object.values(users?.fields ?? {}).filter(
    (f) => f.type === 'ref' && f.entity === field.entity,
  );
  if (members.length === 0) {
    ctx.report(
      path,
      `${lead}, a record of ${field.entity}, but no field of users refers to ${field.entity}, so nobody belongs to it`,
    );
  }
}

// A template without braces is words alone; with them, each placeholder names a field or a
// field of the record a reference names.
function checkTemplate(ctx: CheckContext, entity: string, text: string, path: string, what: string): void {
  if (!/[{}]/.test(text)) return;
  const parts = titleParts(text);
  if (!parts) {
    ctx.report(path, `${what} has an unbalanced brace: write each placeholder as {field} or {ref.field}`);
    return;
  }
  for (const p of parts.filter((part): part is TitlePath => typeof part !== 'string')) {
    checkPlaceholder(ctx, entity, p, path, what);
  }
}

function checkPlaceholder(ctx: CheckContext, entity: string, p: TitlePath, path: string, what: string): void {
  const shown = p.sub === undefined ? p.field : `${p.field}.${p.sub}`;
  const lead = `${what} reads {${shown}}`;
  if (p.field === '') {
    ctx.report(path, `${what} has an empty placeholder {}`);
    return;
  }
  if (p.sub === undefined) {
    const node = ctx.app.entities[entity]!;
    if (!fieldOf(node, p.field)) {
      ctx.report(path, `${lead}: ${which(p.field, `a field of ${entity}`, fieldNames(node), 'fields')}`);
    }
    return;
  }
  const ref = refField(ctx, entity, p.field, path, lead);
  const target =
    ref && Object.hasOwn(ctx.app.entities, ref.entity) ? ctx.app.entities[ref.entity] : undefined;
  if (!ref || !target) return;
  if (p.sub.includes('.')) {
    ctx.report(path, `${lead}, deeper than one reference: name a field of ${ref.entity}`);
  } else if (!fieldOf(target, p.sub)) {
    ctx.report(path, `${lead}: ${which(p.sub, `a field of ${ref.entity}`, fieldNames(target), 'fields')}`);
  }
}

function checkLink(ctx: CheckContext, entity: string, n: NotificationNode, path: string, who: string): void {
  refField(ctx, entity, n.link ?? '', path, `${who} opens '${n.link}'`);
}
