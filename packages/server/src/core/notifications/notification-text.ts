/**
 * A notification's words for one person: its title and body templates (`{field}`,
 * `{ref.field}`, read like a record title: spec/derive/record-title.ts) filled with only
 * what that person may read — a field hidden from them, or a record they may not read,
 * renders empty — and the record it opens, when they may read it.
 */
import { type NotificationNode, recordTitle, type TitlePart, titleParts } from '@ninefold/spec';
import { isReadable, project } from '../records/answer';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';

/** The longest title kept; a longer one is cut with an ellipsis. */
export const TITLE_MAX = 200;
/** The longest body kept. */
export const BODY_MAX = 1_000;

/** What one person is told. */
export interface NotificationText {
  readonly title: string;
  readonly body: string | null;
  readonly link: { readonly entity: string; readonly id: string } | null;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function words(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(words).join(', ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return '';
  return String(value);
}

// A template with no braces is plain words ('Ticket resolved'), unlike a record title, where
// it would name a field; unbalanced braces read as written (the checker refuses them).
function partsOf(template: string): readonly TitlePart[] {
  if (!/[{}]/.test(template)) return [template];
  return titleParts(template) ?? [template];
}

/** A record `reader` may read, or null (absent, or hidden from them). */
async function readable(reader: RecordScope, entity: string, id: unknown): Promise<Rec | null> {
  if (typeof id !== 'string') return null;
  const row = await reader.load(entity, id);
  return row && (await reader.may('read', entity, row)) ? row : null;
}

async function valueAt(reader: RecordScope, entity: string, record: Rec, part: TitlePart): Promise<string> {
  if (typeof part === 'string') return part;
  const field = reader.app.entities[entity]?.fields[part.field];
  if (!field || !isReadable(await reader.fieldsOn(entity, record), part.field)) return '';
  if (field.type !== 'ref') return part.sub === undefined ? words(record[part.field]) : '';
  const target = await readable(reader, field.entity, record[part.field]);
  if (!target) return '';
  if (part.sub === undefined) {
    const node = reader.app.entities[field.entity];
    return node ? recordTitle(node, await project(reader, field.entity, target), {}) : '';
  }
  return isReadable(await reader.fieldsOn(field.entity, target), part.sub) ? words(target[part.sub]) : '';
}

/**
 * Fills `template` over `record` of `entity` with what `reader` may read.
 * @example await fillFor(agentScope, 'comments', comment, 'New reply on "{ticket.subject}"')
 */
export async function fillFor(
  reader: RecordScope,
  entity: string,
  record: Rec,
  template: string,
): Promise<string> {
  let text = '';
  for (const part of partsOf(template)) text += await valueAt(reader, entity, record, part);
  return text;
}

/**
 * The record a notification opens for `reader`: the event's own (none for a delete), or the
 * one its `link` reference names — null when they may not read it.
 * @example const link = await linkFor(scope, node, record);
 */
export async function linkFor(
  reader: RecordScope,
  node: NotificationNode,
  record: Rec,
): Promise<NotificationText['link']> {
  const entity = node.on.entity;
  if (node.link === undefined) {
    if (node.on.op === 'delete' || typeof record.id !== 'string') return null;
    return (await reader.may('read', entity, record)) ? { entity, id: record.id } : null;
  }
  const field = reader.app.entities[entity]?.fields[node.link];
  if (field?.type !== 'ref' || !isReadable(await reader.fieldsOn(entity, record), node.link)) return null;
  const target = await readable(reader, field.entity, record[node.link]);
  return target ? { entity: field.entity, id: String(target.id) } : null;
}

/**
 * What `reader` is told of `record` by `node` (their read right on it is judged by the caller).
 * @example const { title, body, link } = await notificationText(recipientScope, node, record);
 */
export async function notificationText(
  reader: RecordScope,
  node: NotificationNode,
  record: Rec,
): Promise<NotificationText> {
  const entity = node.on.entity;
  const title = cut((await fillFor(reader, entity, record, node.title)).trim(), TITLE_MAX);
  const body =
    node.body === undefined ? null : cut((await fillFor(reader, entity, record, node.body)).trim(), BODY_MAX);
  return { title, body: body || null, link: await linkFor(reader, node, record) };
}
