import app from '@ninefold/example-helpdesk';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { defineApp } from '../app/define-app';
import { entity } from '../app/entity';
import type {
  JobEntry,
  NotificationItem,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '../contract/automation-wire';
import { ROUTES } from '../contract/route-table';
import { f } from '../fields/field';
import { openApi } from './openapi';

type Json = Record<string, any>;
const doc = openApi(app) as unknown as Json;

// [route id, request body schema or null, the success status, its body schema]
const ROUTE_SHAPES: [keyof typeof ROUTES, string | null, string, string][] = [
  ['listNotifications', null, '200', 'NotificationList'],
  ['readNotification', null, '200', 'UnreadAnswer'],
  ['readAllNotifications', null, '200', 'UnreadAnswer'],
  ['getNotificationPreferences', null, '200', 'NotificationPreferences'],
  ['updateNotificationPreferences', 'NotificationPreferencesPatch', '200', 'NotificationPreferences'],
  ['listJobs', null, '200', 'JobPage'],
  ['retryJob', null, '200', 'JobEntry'],
];

const item: NotificationItem = {
  id: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d',
  notification: 'agentReplied',
  title: 'New reply on "Printer on fire"',
  body: 'Have you tried turning it off?',
  link: { entity: 'tickets', id: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7e' },
  createdAt: '2030-01-01T10:00:00.000Z',
  readAt: null,
};
const job: JobEntry = {
  id: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7f',
  kind: 'webhook',
  name: 'ticketEvents',
  status: 'dead',
  entity: 'tickets',
  recordId: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7e',
  attempts: 8,
  runAt: '2030-01-01T10:00:00.000Z',
  createdAt: '2030-01-01T09:00:00.000Z',
  finishedAt: '2030-01-01T10:00:01.000Z',
  error: 'HTTP 500',
};
const list: NotificationList = {
  items: [item, { ...item, link: null, body: null }],
  unread: 2,
  nextCursor: null,
};
const prefs: NotificationPreferences = {
  items: [{ notification: 'agentReplied', label: 'An agent replied to my ticket', app: true, email: false }],
};
const patch: NotificationPreferencesPatch = { agentReplied: { email: false } };

describe('the automation routes in OpenAPI', () => {
  const ref = (content: Json | undefined) => content?.['application/json']?.schema?.$ref?.split('/').at(-1);

  it.each(ROUTE_SHAPES)('%s takes %s and answers %s %s', (id, body, status, answer) => {
    const route = ROUTES[id];
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(op).toMatchObject({ operationId: id, 'x-route': id, tags: ['automation'] });
    expect(ref(op.requestBody?.content) ?? null).toBe(body);
    expect(Object.keys(op.responses).filter((s) => s < '300')).toEqual([status]);
    expect(ref(op.responses[status].content)).toBe(answer);
    expect(doc.components.schemas).toHaveProperty(answer);
    expect(op.security.length).toBeGreaterThan(0);
  });

  it('takes the filters and page of the job list, and the page of notifications', () => {
    const names = (path: string) =>
      doc.paths[path].get.parameters.map((p: Json) => [p.name, p.in, p.schema.enum ?? p.schema.type]);
    expect(names('/api/jobs')).toEqual([
      ['status', 'query', ['queued', 'running', 'done', 'dead', 'cancelled']],
      ['kind', 'query', ['timer', 'trigger', 'schedule', 'action', 'webhook', 'file']],
      ['limit', 'query', 'integer'],
      ['before', 'query', 'string'],
    ]);
    expect(names('/api/notifications')).toEqual([
      ['limit', 'query', 'integer'],
      ['cursor', 'query', 'string'],
    ]);
  });

  it('answers the admin-only job routes with 403 and a retry of a queued job with 409', () => {
    expect(Object.keys(doc.paths['/api/jobs'].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(Object.keys(doc.paths['/api/jobs/{id}/retry'].post.responses)).toEqual(
      expect.arrayContaining(['404', '409']),
    );
  });

  it('is still a valid OpenAPI 3.1 document', async () => {
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  describe('its schemas take what the wire types say and refuse what they do not', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...doc, $id: 'doc' });
    const valid = (schema: string, value: unknown) =>
      ajv.getSchema(`doc#/components/schemas/${schema}`)!(value);

    it.each<[string, unknown]>([
      ['NotificationItem', item],
      ['NotificationList', list],
      ['UnreadAnswer', { unread: 0 }],
      ['NotificationPreferences', prefs],
      ['NotificationPreferencesPatch', patch],
      ['JobEntry', job],
      ['JobPage', { items: [job], nextCursor: '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7f' }],
      ['RealtimeServerMessage', { type: 'notification', notification: item }],
    ])('takes a %s', (schema, value) => {
      expect(valid(schema, value)).toBe(true);
    });

    it.each<[string, unknown]>([
      ['NotificationItem', { ...item, notification: 'noSuchNotification' }],
      ['NotificationItem', { ...item, readAt: undefined }],
      ['NotificationPreferencesPatch', { noSuchNotification: { app: false } }],
      ['NotificationPreferencesPatch', { agentReplied: { sms: true } }],
      ['NotificationPreferencesPatch', { agentReplied: { app: 'no' } }],
      ['JobEntry', { ...job, kind: 'cron' }],
      ['JobEntry', { ...job, status: 'failed' }],
      ['UnreadAnswer', { unread: -1 }],
    ])('refuses a wrong %s', (schema, value) => {
      expect(valid(schema, value)).toBe(false);
    });
  });

  it('takes any notification name in an app that declares none', () => {
    const bare = defineApp({
      about: { name: 'Bare', summary: 'Nothing to tell.', audience: 'Nobody.' },
      roles: { admin: { admin: true } },
      entities: { notes: entity({ fields: { text: f.text() } }) },
    });
    const schemas = (openApi(bare) as unknown as Json).components.schemas;
    expect(schemas.NotificationItem.properties.notification).toEqual(
      expect.objectContaining({ type: 'string' }),
    );
    expect(schemas.NotificationItem.properties.notification).not.toHaveProperty('enum');
    expect(schemas.NotificationPreferencesPatch.additionalProperties).toMatchObject({ type: 'object' });
  });
});
