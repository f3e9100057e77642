/**
 * The wire types of time and automation as component schemas: in-app notifications, the
 * person's preferences and the job queue (automation-wire.ts declares the same shapes). The
 * notifications a preference may name are the app's, so these are derived per app.
 */
import type { App } from '../app/define-app';
import type { JobKind, JobStatus } from '../contract/automation-wire';
import type { JsonSchema } from './json-schema';
import { schemaRef } from './openapi-names';

/**
 * Every kind of job, in the order the console lists them.
 * @example JOB_KINDS.includes('webhook') // true
 */
export const JOB_KINDS = [
  'timer',
  'trigger',
  'schedule',
  'action',
  'webhook',
  'file',
] as const satisfies readonly JobKind[];

/**
 * Every state of a job.
 * @example JOB_STATUSES.includes('dead') // true
 */
export const JOB_STATUSES = [
  'queued',
  'running',
  'done',
  'dead',
  'cancelled',
] as const satisfies readonly JobStatus[];

// A kind or status added to the wire type and not here fails to compile.
const everyKind: Exclude<JobKind, (typeof JOB_KINDS)[number]> extends never ? true : never = true;
const everyStatus: Exclude<JobStatus, (typeof JOB_STATUSES)[number]> extends never ? true : never = true;
void everyKind;
void everyStatus;

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullable = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const obj = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const oneOfNames = (names: readonly string[], description: string): JsonSchema =>
  names.length > 0 ? { type: 'string', enum: [...names], description } : { type: 'string', description };

/**
 * The automation schemas, by component name.
 * @example automationSchemas(app).JobEntry.properties.kind.enum // ['timer', 'trigger', …]
 */
export function automationSchemas(app: App): Record<string, JsonSchema> {
  const names = Object.keys(app.notifications);
  const channels: JsonSchema = {
    type: 'object',
    properties: { app: bool, email: bool },
    additionalProperties: false,
    description: 'The channels to change; one left out stays as it is.',
  };
  return {
    NotificationItem: obj({
      id: { type: 'string', format: 'uuid' },
      notification: oneOfNames(names, 'The notification of the spec it came from.'),
      title: str,
      body: { type: ['string', 'null'] },
      link: {
        description: 'The record it opens, when there is one the person may read.',
        oneOf: [{ type: 'null' }, obj({ entity: str, id: str })],
      },
      createdAt: time,
      readAt: { type: ['string', 'null'], format: 'date-time', description: 'null while unread.' },
    }),
    NotificationList: obj({
      items: { type: 'array', items: schemaRef('NotificationItem'), description: 'Newest first.' },
      unread: { ...count, description: 'How many of all the caller’s notifications are unread.' },
      nextCursor: nullable('Where the next (older) page starts; null on the last page.'),
    }),
    UnreadAnswer: obj({ unread: { ...count, description: 'How many are still unread.' } }),
    NotificationPreference: obj({
      notification: oneOfNames(names, 'The notification of the spec.'),
      label: str,
      app: { ...bool, description: 'Shown in the app’s notification centre.' },
      email: { ...bool, description: 'Sent by email.' },
    }),
    NotificationPreferences: obj({ items: { type: 'array', items: schemaRef('NotificationPreference') } }),
    NotificationPreferencesPatch: {
      type: 'object',
      description:
        'Per notification, the channels to change; an unknown notification answers VALIDATION_FAILED.',
      ...(names.length > 0
        ? { properties: Object.fromEntries(names.map((n) => [n, channels])), additionalProperties: false }
        : { additionalProperties: channels }),
    },
    JobEntry: obj({
      id: { type: 'string', format: 'uuid' },
      kind: { type: 'string', enum: [...JOB_KINDS] },
      name: {
        ...str,
        description: "The spec's name for it: the transition, trigger, schedule, action or webhook.",
      },
      status: {
        type: 'string',
        enum: [...JOB_STATUSES],
        description:
          '`running`: queued and under a live lease; `dead`: failed for good (retry it); `cancelled`: what it was for no longer holds.',
      },
      entity: nullable('The entity of the record it is about.'),
      recordId: nullable('The record it is about.'),
      attempts: count,
      runAt: { ...time, description: 'When it runs (next).' },
      createdAt: time,
      finishedAt: { type: ['string', 'null'], format: 'date-time' },
      error: nullable(
        "The last failure, one line; for a webhook, the response's status or the network error.",
      ),
    }),
    JobPage: obj({
      items: { type: 'array', items: schemaRef('JobEntry'), description: 'Newest first.' },
      nextCursor: nullable('Pass as `before` for the next (older) page; null on the last page.'),
    }),
  };
}
