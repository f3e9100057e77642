/**
 * The wire types of time and automation: in-app notifications and their preferences, and
 * the job queue as the admin console sees it (webhook deliveries are jobs of kind `webhook`).
 */

/**
 * One in-app notification of the caller's (`GET /api/notifications`).
 * @example if (!n.readAt) badge += 1;
 */
export interface NotificationItem {
  readonly id: string;
  /** The notification of the spec it came from. */
  readonly notification: string;
  readonly title: string;
  readonly body: string | null;
  /** The record it opens, when there is one the person may read. */
  readonly link: { readonly entity: string; readonly id: string } | null;
  readonly createdAt: string;
  readonly readAt: string | null;
}

/**
 * `GET /api/notifications`: the newest first, and how many are unread in all.
 * @example const { items, unread }: NotificationList = await res.json();
 */
export interface NotificationList {
  readonly items: readonly NotificationItem[];
  readonly unread: number;
  /** Where the next (older) page starts: pass as `?cursor=`. */
  readonly nextCursor: string | null;
}

/** What marking notifications read answers: how many are still unread. */
export interface UnreadAnswer {
  readonly unread: number;
}

/** A person's choice for one notification of the spec. */
export interface NotificationPreference {
  readonly notification: string;
  readonly label: string;
  readonly app: boolean;
  readonly email: boolean;
}

/**
 * `GET /api/notifications/preferences` (and what `PATCH` answers).
 * @example prefs.items.find((p) => p.notification === 'agentReplied')?.email
 */
export interface NotificationPreferences {
  readonly items: readonly NotificationPreference[];
}

/** What `PATCH /api/notifications/preferences` takes: per notification, the channels to change. */
export type NotificationPreferencesPatch = {
  readonly [notification: string]: { readonly app?: boolean; readonly email?: boolean };
};

/**
 * What a job does: fire a timer, run a trigger or a schedule or an action, deliver a webhook,
 * remove the bytes of a file gone from its record (`file`).
 */
export type JobKind = 'timer' | 'trigger' | 'schedule' | 'action' | 'webhook' | 'file';

/**
 * `queued` (waiting, or running under a lease), `done`, `dead` (failed for good: retry it
 * from the console), `cancelled` (what it was for no longer holds).
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'dead' | 'cancelled';

/**
 * A job of the queue (`GET /api/jobs`).
 * @example jobs.items.filter((j) => j.kind === 'webhook' && j.status === 'dead')
 */
export interface JobEntry {
  readonly id: string;
  readonly kind: JobKind;
  /** The spec's name for it: the transition, trigger, schedule, action or webhook. */
  readonly name: string;
  readonly status: JobStatus;
  /** The record it is about, when there is one. */
  readonly entity: string | null;
  readonly recordId: string | null;
  readonly attempts: number;
  /** When it runs (next). */
  readonly runAt: string;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  /** The last failure, one line; for a webhook, the response's status or the network error. */
  readonly error: string | null;
}
