/**
 * The operations of the automation routes: the caller's notifications and preferences, and
 * the job queue for admins.
 */
import { type OpenApiContext, operation } from './openapi-operation';

/**
 * The automation operations, by route id.
 * @example automationOperations(ctx).listNotifications.operationId // 'listNotifications'
 */
export function automationOperations(ctx: OpenApiContext) {
  const op = (id: Parameters<typeof operation>[1], description: string) =>
    operation(ctx, id, {
      operationId: id,
      description,
      tags: ['automation'],
      anonymous: false,
      responses: { '200': { description: 'OK.' } },
    });
  return {
    listNotifications: op('listNotifications', "The caller's in-app notifications, newest first."),
    readNotification: op('readNotification', 'Marks one notification read.'),
    readAllNotifications: op('readAllNotifications', "Marks every one of the caller's notifications read."),
    getNotificationPreferences: op('getNotificationPreferences', "The caller's channels per notification."),
    updateNotificationPreferences: op('updateNotificationPreferences', "Changes the caller's channels."),
    listJobs: op('listJobs', 'The job queue, newest first; admins only.'),
    retryJob: op('retryJob', 'Runs a dead or cancelled job again; admins only.'),
  };
}
