/**
 * The tables of time and automation: the job queue, in-app notifications and each person's
 * notification channels, and the plan each timer was last laid out by.
 */
import { eq } from '@ninefold/spec';
import type { TablePlan } from './schema-plan';

/**
 * The automation tables (part of `SYSTEM_TABLES`).
 * @example AUTOMATION_TABLES.map((t) => t.name) // ['nf_jobs', 'nf_notifications', …]
 */
export const AUTOMATION_TABLES: readonly TablePlan[] = [
  {
    // Every job: committed with the write that asked for it, so none is lost; taken under a
    // lease, so of several processes one runs it at a time.
    name: 'nf_jobs',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'kind', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: true },
      // What makes a job the one of its purpose (a timer's record and transition): while one
      // is queued, another with the same key replaces it rather than joining it.
      { name: 'key', type: 'text', notNull: false },
      { name: 'payload', type: 'json', notNull: true },
      { name: 'status', type: 'text', notNull: true },
      { name: 'attempts', type: 'integer', notNull: true },
      { name: 'maxAttempts', type: 'integer', notNull: true },
      { name: 'runAt', type: 'datetime', notNull: true },
      { name: 'lockedUntil', type: 'datetime', notNull: false },
      { name: 'entity', type: 'text', notNull: false },
      { name: 'recordId', type: 'text', notNull: false },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'finishedAt', type: 'datetime', notNull: false },
      { name: 'error', type: 'text', notNull: false },
    ],
    indexes: [
      { name: 'ix_nf_jobs_due', columns: ['status', 'runAt', 'id'], unique: false },
      { name: 'ix_nf_jobs_key', columns: ['key'], unique: true, where: { rule: eq('status', 'queued') } },
      { name: 'ix_nf_jobs_kind', columns: ['kind', 'id'], unique: false },
      { name: 'ix_nf_jobs_record', columns: ['entity', 'recordId'], unique: false },
    ],
  },
  {
    name: 'nf_notifications',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      { name: 'notification', type: 'text', notNull: true },
      // The role its words were judged for (the one its person acted as then): it is served
      // only to them acting as that role, never to a narrower key, an unverified account or a
      // demoted person. A row from before this column holds '' and is served to no one.
      { name: 'role', type: 'text', notNull: true, default: '' },
      { name: 'title', type: 'text', notNull: true },
      { name: 'body', type: 'text', notNull: false },
      { name: 'linkEntity', type: 'text', notNull: false },
      { name: 'linkId', type: 'text', notNull: false },
      { name: 'createdAt', type: 'datetime', notNull: true },
      { name: 'readAt', type: 'datetime', notNull: false },
    ],
    indexes: [
      { name: 'ix_nf_notifications_user', columns: ['userId', 'id'], unique: false },
      { name: 'ix_nf_notifications_unread', columns: ['userId', 'readAt'], unique: false },
    ],
  },
  {
    // A person's channels for one notification; absent: the spec's defaults. The id is
    // `<userId>:<notification>`.
    name: 'nf_notification_prefs',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'userId', type: 'text', notNull: true },
      { name: 'notification', type: 'text', notNull: true },
      { name: 'app', type: 'boolean', notNull: true },
      { name: 'email', type: 'boolean', notNull: true },
    ],
    indexes: [{ name: 'ix_nf_notification_prefs_user', columns: ['userId'], unique: false }],
  },
  {
    // Per timed transition or timed event (`<entity>:<owner>`), the digest of what its timers
    // were last planned by (the timer and the constants it reads): when it differs at start,
    // every timer of it is planned again.
    name: 'nf_timer_plans',
    columns: [
      { name: 'id', type: 'text', notNull: true },
      { name: 'digest', type: 'text', notNull: true },
    ],
    indexes: [],
  },
];
