/**
 * Query keys: every cached query of one entity starts with `['nf', entity]`, so a change
 * to the entity can refresh all of them at once. What belongs to no entity (the meta, the
 * session, the audit log, the limits, invitations, API keys, mail, notifications, jobs) sits
 * under a `$` name no entity can have.
 * @example queryClient.invalidateQueries({ queryKey: keys.apiKeys() })
 */
export const keys = {
  entity: (entity: string) => ['nf', entity] as const,
  list: (entity: string, options: unknown) => ['nf', entity, 'list', options] as const,
  record: (entity: string, id: string) => ['nf', entity, 'record', id] as const,
  /** Under the entity: a change to it refreshes the aggregates on screen too. */
  aggregate: (entity: string, query: unknown) => ['nf', entity, 'aggregate', query] as const,
  /** Under the entity: a change to it refreshes the history on screen too. */
  history: (entity: string, id: string) => ['nf', entity, 'history', id] as const,
  me: () => ['nf', '$me'] as const,
  meta: () => ['nf', '$meta'] as const,
  quotas: () => ['nf', '$quotas'] as const,
  rates: () => ['nf', '$rates'] as const,
  audit: (query: unknown) => ['nf', '$audit', query] as const,
  invitations: () => ['nf', '$invitations'] as const,
  /** Without a user: every list of keys (the caller's and each service account's). */
  apiKeys: (userId?: string | null) =>
    userId === undefined ? (['nf', '$apiKeys'] as const) : (['nf', '$apiKeys', userId] as const),
  mail: () => ['nf', '$mail'] as const,
  /** The caller's notifications (with the unread count), by page size; without one: all. */
  notifications: (limit?: number) =>
    limit === undefined ? (['nf', '$notifications'] as const) : (['nf', '$notifications', limit] as const),
  notificationPreferences: () => ['nf', '$notificationPreferences'] as const,
  /** Without a query: every list of jobs (a retry refreshes them all). */
  jobs: (query?: unknown) =>
    query === undefined ? (['nf', '$jobs'] as const) : (['nf', '$jobs', query] as const),
};
