/**
 * @ninefold/client — the typed SDK of a Ninefold app: auth, records, transitions, actions,
 * typed errors and realtime, inferred from `typeof app` with no code generation. Framework
 * free; runs in browsers and in Node; imports only types from the spec.
 */

// The contract's wire types, for code that reads answers through the client.
export type {
  AggregateAnswer,
  AggregateGroup,
  ApiKey,
  ApiKeyCreated,
  AuditEntry,
  Expanded,
  FileRef,
  HistoryEntry,
  ImportMode,
  ImportReport,
  ImportRowResult,
  Invitation,
  JobEntry,
  JobKind,
  JobStatus,
  MailEntry,
  MetaAnswer,
  NotificationItem,
  NotificationList,
  NotificationPreference,
  NotificationPreferences,
  NotificationPreferencesPatch,
  QuotaUsage,
  RatesAnswer,
  RateUsage,
  RecordCan,
  StoredFile,
  UnreadAnswer,
  VerifyEmailAnswer,
} from '@ninefold/spec';
export type {
  AggregateAnswerOf,
  AggregateGroupOf,
  AggregateQuery,
  NumericFieldName,
  OrderedFieldName,
} from './aggregate-types';
export type { LinkToken } from './client-account-auth';
export type {
  ApiKeyCreatedOf,
  ApiKeyInput,
  ApiKeyOf,
  InvitationInput,
  InvitationOf,
} from './client-accounts';
export type { SessionEvent, SessionUser, SignedIn } from './client-auth';
export type { JobListQuery, NotificationQuery } from './client-automation';
export type { ExportOptions, ImportOptions, ImportProgress } from './client-bulk';
export type {
  AppErrorCode,
  AppErrorOf,
  AppErrorWith,
  FieldError,
  NetworkCode,
  Problem,
} from './client-error';
export { isAppError, isNinefoldError, NinefoldError } from './client-error';
export type { DownloadOptions, UploadOptions, UploadProgress } from './client-files';
export type {
  AuditQuery,
  CallOptions,
  Can,
  FieldFilter,
  ListOptions,
  Page,
  Record$,
  Sort,
  Where,
} from './client-types';
export type { ClientOptions, NinefoldClient, WriteOptions } from './create-client';
export { createClient } from './create-client';
export type { ExpandedOf, ListItem, RefFieldName, RefTarget } from './expand-types';
export { checkFile, type FileIssue, type LocalFile } from './file-check';
export type { FileEntityName, FileFieldName } from './file-field-name';
export { aggregateQuery, exportQuery, listQuery } from './query-string';
export type { NotificationEvent, RealtimeEvent, WebSocketFactory } from './realtime-connection';
export { codeForStatus } from './status-code';
