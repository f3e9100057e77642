/**
 * The routes of time and automation: the caller's in-app notifications and preferences
 * (DESIGN.md fixes the first two), and the job queue for admins — webhook deliveries
 * included, as jobs of kind `webhook`.
 */

import { get, WRITE } from './route-builders';
import type { RouteEntry } from './route-table';

const SIGNED_IN = ['UNAUTHENTICATED'] as const;
const ADMIN = ['UNAUTHENTICATED', 'FORBIDDEN'] as const;

/**
 * The automation routes, by operation id (spread into `ROUTES`).
 * @example AUTOMATION_ROUTES.listNotifications.path // '/api/notifications'
 */
export const AUTOMATION_ROUTES = {
  listNotifications: get('/api/notifications', "The caller's in-app notifications", 'signedIn', SIGNED_IN),
  readNotification: {
    method: 'POST',
    path: '/api/notifications/{id}/read',
    summary: 'Mark a notification read',
    auth: 'signedIn',
    expand: 'none',
    success: [200],
    codes: [...WRITE, ...SIGNED_IN, 'NOT_FOUND'],
    body: true,
    ifMatch: false,
  },
  readAllNotifications: {
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: "Mark every one of the caller's notifications read",
    auth: 'signedIn',
    expand: 'none',
    success: [200],
    codes: [...WRITE, ...SIGNED_IN],
    body: true,
    ifMatch: false,
  },
  getNotificationPreferences: get(
    '/api/notifications/preferences',
    "The caller's notification channels",
    'signedIn',
    SIGNED_IN,
  ),
  updateNotificationPreferences: {
    method: 'PATCH',
    path: '/api/notifications/preferences',
    summary: "Change the caller's notification channels",
    auth: 'signedIn',
    expand: 'none',
    success: [200],
    codes: [...WRITE, ...SIGNED_IN, 'VALIDATION_FAILED'],
    body: true,
    ifMatch: false,
  },
  listJobs: get(
    '/api/jobs',
    'The job queue: timers, triggers, schedules, webhook deliveries',
    'admin',
    ADMIN,
  ),
  retryJob: {
    method: 'POST',
    path: '/api/jobs/{id}/retry',
    summary: 'Run a dead or cancelled job again',
    auth: 'admin',
    expand: 'none',
    success: [200],
    codes: [...WRITE, ...ADMIN, 'NOT_FOUND', 'INVALID_TRANSITION'],
    body: true,
    ifMatch: false,
  },
} as const satisfies Record<string, RouteEntry>;
