/**
 * Query keys: every cached query of one entity starts with `['nf', entity]`, so a change
 * to the entity can refresh all of them at once.
 */
export const keys = {
  entity: (entity: string) => ['nf', entity] as const,
  list: (entity: string, options: unknown) => ['nf', entity, 'list', options] as const,
  record: (entity: string, id: string) => ['nf', entity, 'record', id] as const,
  me: () => ['nf', '$me'] as const,
  meta: () => ['nf', '$meta'] as const,
  quotas: () => ['nf', '$quotas'] as const,
};
