/**
 * Query keys: every cached query of one entity starts with `['nf', entity]`, so a change
 * to the entity can refresh all of them at once. What belongs to no entity (the meta, the
 * session, the audit log, the limits) sits under a `$` name no entity can have.
 */
export const keys = {
  entity: (entity: string) => ['nf', entity] as const,
  list: (entity: string, options: unknown) => ['nf', entity, 'list', options] as const,
  record: (entity: string, id: string) => ['nf', entity, 'record', id] as const,
  /** Under the entity: a change to it refreshes the history on screen too. */
  history: (entity: string, id: string) => ['nf', entity, 'history', id] as const,
  me: () => ['nf', '$me'] as const,
  meta: () => ['nf', '$meta'] as const,
  quotas: () => ['nf', '$quotas'] as const,
  rates: () => ['nf', '$rates'] as const,
  audit: (query: unknown) => ['nf', '$audit', query] as const,
};
