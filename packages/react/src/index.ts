/**
 * @ninefold/react — a provider and typed hooks for a Ninefold app on TanStack Query, kept
 * live by realtime events.
 */
export { createNinefoldReact } from './create-ninefold-react';
export { keys as queryKeys } from './query-keys';
