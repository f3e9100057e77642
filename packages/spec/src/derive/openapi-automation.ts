/**
 * The operations of the automation routes: the caller's notifications and preferences, and
 * the job queue for admins (webhook deliveries included, as jobs of kind `webhook`).
 */

import { JOB_KINDS, JOB_STATUSES } from './openapi-automation-schemas';
import { jsonContent, queryParam } from './openapi-names';
import { jsonBody, type OpenApiContext, operation } from './openapi-operation';

const query = queryParam;

const answer = (description: string, schema: string) => ({
  '200': { description, content: jsonContent(schema) },
});

/**
 * The automation operations, by route id.
 * @example automationOperations(ctx).listJobs.parameters.map((p) => p.name) // ['status', 'kind', 'limit', 'before']
 */
export function automationOperations(ctx: OpenApiContext) {
  const { pageSize } = ctx.app.limits;
  const limit = query(
    'limit',
    `How many a page holds (default ${pageSize.default}); more than ${pageSize.max} is read as ${pageSize.max}.`,
    { type: 'integer', minimum: 1 },
  );
  const common = { tags: ['automation'], anonymous: false } as const;
  return {
    listNotifications: operation(ctx, 'listNotifications', {
      ...common,
      operationId: 'listNotifications',
      description:
        "The caller's in-app notifications, newest first, and how many are unread in all. Live ones arrive over realtime as `{type: 'notification'}`.",
      parameters: [limit, query('cursor', 'The `nextCursor` of the previous page.', { type: 'string' })],
      responses: answer('A page of notifications.', 'NotificationList'),
    }),
    readNotification: operation(ctx, 'readNotification', {
      ...common,
      operationId: 'readNotification',
      description: "Marks one of the caller's notifications read; another person's answers 404.",
      responses: answer('How many are still unread.', 'UnreadAnswer'),
    }),
    readAllNotifications: operation(ctx, 'readAllNotifications', {
      ...common,
      operationId: 'readAllNotifications',
      description: "Marks every one of the caller's notifications read.",
      responses: answer('How many are still unread: none.', 'UnreadAnswer'),
    }),
    getNotificationPreferences: operation(ctx, 'getNotificationPreferences', {
      ...common,
      operationId: 'getNotificationPreferences',
      description:
        "The caller's channels for each notification their role can receive: the spec's default until they choose.",
      responses: answer('The preferences.', 'NotificationPreferences'),
    }),
    updateNotificationPreferences: operation(ctx, 'updateNotificationPreferences', {
      ...common,
      operationId: 'updateNotificationPreferences',
      description: "Changes the caller's channels; on any mistake nothing changes.",
      requestBody: jsonBody('NotificationPreferencesPatch'),
      responses: answer('The preferences as they are now.', 'NotificationPreferences'),
    }),
    listJobs: operation(ctx, 'listJobs', {
      ...common,
      operationId: 'listJobs',
      description:
        'The job queue, newest first: timers, triggers, schedules, actions and webhook deliveries; admins only.',
      parameters: [
        query('status', 'Jobs in one state.', { type: 'string', enum: [...JOB_STATUSES] }),
        query('kind', 'Jobs of one kind.', { type: 'string', enum: [...JOB_KINDS] }),
        limit,
        query('before', 'The `nextCursor` of the previous page.', { type: 'string' }),
      ],
      responses: answer('A page of jobs.', 'JobPage'),
    }),
    retryJob: operation(ctx, 'retryJob', {
      ...common,
      operationId: 'retryJob',
      description:
        'Queues a dead or cancelled job to run now, its attempts counted from zero; admins only. A queued or done job answers 409 INVALID_TRANSITION.',
      responses: answer('The job, queued again.', 'JobEntry'),
    }),
  };
}
