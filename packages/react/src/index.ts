/**
 * @ninefold/react — a provider and typed hooks for a Ninefold app on TanStack Query, kept
 * live by realtime events.
 */
export { createNinefoldReact } from './create-ninefold-react';
export { fileHooks, type RemoveFileInput, type UploadFileInput } from './file-hooks';
export { keys as queryKeys } from './query-keys';
