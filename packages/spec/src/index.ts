/**
 * @ninefold/spec — the definition language of Ninefold: a product spec in nine points as one
 * typed TypeScript value, the checker that refuses a wrong one, and the artifacts derived
 * from it. Pure: no I/O.
 */

export { ACCOUNT_LINK_ROUTES, type AccountLinkPurpose } from './app/account-links';
export { type AccountRoles, invitableRoles, keyRoles, serviceRoles } from './app/account-roles';
export type {
  ActionContext,
  ActionNode,
  AnyRecord,
  RecordStore,
  StoreAggregateQuery,
  StoreListQuery,
  StorePage,
  Where,
  WhereOperand,
  WhereOps,
} from './app/action';
export { action } from './app/action';
export { adminRoles, isAdminRole, type RolesOf } from './app/admin-roles';
export type * from './app/app-types';
export type {
  AutomationInput,
  AutomationNode,
  EventInput,
  EventNode,
  EventOp,
  NotificationInput,
  NotificationNode,
  ScheduleInput,
  ScheduleNode,
  SpanAmount,
  TimerInput,
  TimerNode,
  TriggerInput,
  TriggerNode,
  WebhookInput,
  WebhookNode,
} from './app/automation';
export { automationNode, timerNode } from './app/automation';
export { users } from './app/builtin-users';
export type { AboutInput, App, ConstantInput, ErrorInput, ErrorNode, RoleInput } from './app/define-app';
export { ANONYMOUS, defineApp } from './app/define-app';
export type {
  AccessNode,
  EntityDef,
  EntityNode,
  GrantNode,
  MachineNode,
  PreconditionNode,
  TransitionNode,
  UniqueInput,
  UniqueNode,
  ValidationNode,
  ValidationOp,
} from './app/entity';
export { entity, humanize } from './app/entity';
export type {
  LimitsNode,
  QuotaInput,
  RateInput,
  RateKey,
  RateScope,
  StorageQuotaInput,
} from './app/limits';
export { quotaKey, RATE_KEYING } from './app/limits';
export type { ScreenInput, ScreenKind, WidgetInput } from './app/screens';
export type { CheckResult, Problem as CheckProblem } from './check/check-app';
export { checkApp } from './check/check-app';
export { MAX_FILE_BYTES, MAX_FILES_PER_FIELD, MAX_IMAGE_PIXELS, MAX_VARIANT_SIDE } from './check/check-files';
export type {
  JobEntry,
  JobKind,
  JobStatus,
  NotificationItem,
  NotificationList,
  NotificationPreference,
  NotificationPreferences,
  NotificationPreferencesPatch,
  UnreadAnswer,
} from './contract/automation-wire';
export { FILE_ROUTES } from './contract/file-routes';
export type { FileRef, StoredFile } from './contract/file-wire';
export type { MetaAnswer } from './contract/meta-answer';
export { metaAnswer } from './contract/meta-answer';
export { META_SCHEMA } from './contract/meta-schema';
export { PASSWORD_POLICY } from './contract/password-policy';
export type {
  RealtimeChange,
  RealtimeClientMessage,
  RealtimeServerMessage,
} from './contract/realtime-messages';
export { REALTIME_CLOSE, REALTIME_MAX_PAYLOAD } from './contract/realtime-messages';
export type {
  HttpMethod,
  RouteAuth,
  RouteEntry,
  RouteExpansion,
  RouteId,
  RouteRateScope,
} from './contract/route-table';
export { fastifyPath, ROUTE_IDS, ROUTES, routeCodes, UNIVERSAL_CODES } from './contract/route-table';
export { FILE_REF_SCHEMA, REALTIME_SCHEMAS, WIRE_SCHEMAS } from './contract/wire-schemas';
export type {
  AggregateAnswer,
  AggregateGroup,
  AggregateOp,
  ApiKey,
  ApiKeyCreated,
  AuditEntry,
  AuditOperation,
  Expanded,
  FieldError,
  HealthAnswer,
  HistoryEntry,
  ImportMode,
  ImportReport,
  ImportRowResult,
  Invitation,
  ItemsAnswer,
  MailEntry,
  Page,
  Problem,
  ProblemParams,
  QuotaUsage,
  RatesAnswer,
  RateUsage,
  RecordBase,
  RecordCan,
  SessionAnswer,
  VerifyEmailAnswer,
} from './contract/wire-types';
export type { AggregateFields } from './derive/aggregate-fields';
export {
  AGGREGATE_MAX_GROUP_BY,
  AGGREGATE_MAX_GROUPS,
  AGGREGATE_OPS,
  aggregateFields,
} from './derive/aggregate-fields';
export type {
  ActionMeta,
  ClientMeta,
  NotificationMeta,
  QuotaMeta,
  RoleMeta,
  StorageQuotaMeta,
} from './derive/client-meta';
export { clientMeta } from './derive/client-meta';
export type { EntityMeta, ListMeta, RuleMeta, TransitionMeta } from './derive/entity-meta';
export { entityMeta, listMeta, ruleMeta, whoMeta } from './derive/entity-meta';
export { fieldsMeta, fileFieldMeta } from './derive/file-field-meta';
export type { FilterableField, FilterOperator } from './derive/filter-operators';
export { filterableFields, filterOperators } from './derive/filter-operators';
export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './derive/import-limits';
export type { EntitySchemas, JsonSchema, JsonValue, SchemaMode } from './derive/json-schema';
export { entitySchemas, fieldSchema, isWritable, objectSchema } from './derive/json-schema';
export type { ListCapabilities } from './derive/list-capabilities';
export {
  CONTAINS_WINDOW,
  filterRefusal,
  listCapabilities,
  MAX_SORT_TEXT,
  sortRefusal,
  whyNotSortable,
} from './derive/list-capabilities';
export type { OpenApiDocument, OpenApiOptions } from './derive/openapi';
export { openApi } from './derive/openapi';
export { SESSION_COOKIE } from './derive/openapi-components';
export { FILTER_SYNTAX } from './derive/openapi-list-params';
export type {
  Allowed,
  EntityPermissions,
  PermissionCell,
  PermissionMatrix,
} from './derive/permission-matrix';
export { OPERATIONS, permissionMatrix } from './derive/permission-matrix';
export { plainData } from './derive/plain-data';
export type { ExpandedRefs, TitledEntity, TitledRecord, TitlePart, TitlePath } from './derive/record-title';
export { recordTitle, shortId, titleFields, titleParts, titleRefs } from './derive/record-title';
export type { RuleTextContext } from './derive/rule-text';
export { ruleToText } from './derive/rule-text';
export { ruleTruthForRole } from './derive/rule-truth';
export type { StateGraph, StateGraphEdge, StateGraphNode } from './derive/state-graph';
export { stateGraph } from './derive/state-graph';
export type { TimerMeta } from './derive/timer-meta';
export { filtersQuery, whereFilters, whereQuery } from './derive/where-filters';
export type { BuiltinErrorCode, FieldIssueCode } from './errors/builtin-errors';
export { BUILTIN_ERRORS, FIELD_ISSUE_CODES } from './errors/builtin-errors';
export type { ParamKinds, ParamsOf, TemplateParams } from './errors/message-template';
export { fillTemplate, templateParams } from './errors/message-template';
export { acceptsType } from './fields/accepts-type';
export type {
  DateField,
  EnumField,
  Field,
  FieldOptions,
  Fields,
  FieldType,
  FileField,
  FileOptions,
  FilesField,
  FilesOptions,
  FileType,
  ImageVariant,
  IntegerOptions,
  ListField,
  NumberField,
  RefField,
  ScalarField,
  StateField,
  SystemField,
  TextField,
} from './fields/field';
export {
  DEFAULT_FILE_BYTES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_PIXELS,
  f,
  isField,
  isFileField,
  SYSTEM_FIELDS,
} from './fields/field';
export type {
  BaseValueOf,
  InputOf,
  PatchOf,
  RecordOfFields,
  ServerSetKeys,
  SystemValues,
  ValueOf,
  ValuesOf,
} from './fields/field-value';
export type { BuiltinMessageName } from './messages/builtin-messages';
export { ACCOUNT_CONSTANTS, BUILTIN_MESSAGES } from './messages/builtin-messages';
export type { MessageInput, MessageNode } from './messages/message-node';
export type { MessageParams, RenderedMessage } from './messages/render-message';
export { escapeHtml, htmlFromText, renderMessage } from './messages/render-message';
export { aggregateValues, emptyAggregate, foldAggregate } from './rules/aggregate-value';
export { clockValue, isTimeZone } from './rules/clock-value';
export { computedNumber, LARGEST_COMPUTED } from './rules/computed-number';
export type {
  EvaluateOptions,
  RelatedRows,
  Row as RuleRow,
  RuleEnv,
  RuleSchema,
  Undecided,
  Verdict,
} from './rules/evaluate';
export { evaluateExpr, evaluateRule, UNDECIDED } from './rules/evaluate';
export type {
  AggregateFn,
  AggregateOptions,
  ArithOp,
  CallerProp,
  ClockPart,
  Expr,
  ExprNode,
  Literal,
} from './rules/expr';
export {
  add,
  addDays,
  addHours,
  caller,
  constant,
  countOf,
  dateOf,
  divide,
  field,
  input,
  isExpr,
  lit,
  lookup,
  maxOf,
  minOf,
  multiply,
  now,
  subtract,
  sumOf,
  timeOfDay,
  today,
  weekdayOf,
} from './rules/expr';
export { readsRecord } from './rules/reads-record';
export type { CompareOp, EntityOperation, Rule, RuleNode } from './rules/rule';
export {
  allow,
  and,
  callerIs,
  can,
  changed,
  deny,
  eq,
  gt,
  gte,
  hasRole,
  inState,
  isNull,
  isRule,
  lt,
  lte,
  ne,
  not,
  oneOf,
  or,
  related,
  signedIn,
} from './rules/rule';
export type { FilterCondition, Semantics, Truth } from './rules/sql-semantics';
export {
  compareTruth,
  containsTruth,
  filterTruth,
  matchesFilters,
  oneOfTruth,
  SQL_SEMANTICS,
} from './rules/sql-semantics';
export type { ExprKind, ExprOf, ExprVisitor, RuleKind, RuleOf, RuleVisitor } from './rules/visit-rule';
export { EXPR_KINDS, exprChildren, RULE_KINDS, visitExpr, visitRule } from './rules/visit-rule';
export { isCalendarDate } from './validate/calendar-date';
export type { FieldIssue, ValidateMode, ValidateOptions, ValidationResult } from './validate/field-issue';
export { fieldLabel, fieldMessage } from './validate/field-message';
export { validateFields } from './validate/validate-fields';
export type { EntityValidator, ValidatedEntity } from './validate/validator-for';
export { validatorFor } from './validate/validator-for';
export { isWebUrl, URL_MAX } from './validate/web-url';
