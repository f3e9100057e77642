/**
 * @ninefold/spec — the definition language of Ninefold: a product spec in nine points as one
 * typed TypeScript value, the checker that refuses a wrong one, and the artifacts derived
 * from it. Pure: no I/O.
 */

export type { ActionContext, ActionNode, AnyRecord, RecordStore, Where } from './app/action';
export { action } from './app/action';
export type * from './app/app-types';
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
  ValidationNode,
} from './app/entity';
export { entity, humanize } from './app/entity';
export type { LimitsNode, QuotaInput, RateInput, RateScope } from './app/limits';
export type { ScreenInput, ScreenKind, WidgetInput } from './app/screens';
export type { BuiltinErrorCode, FieldIssueCode } from './errors/builtin-errors';
export { BUILTIN_ERRORS, FIELD_ISSUE_CODES } from './errors/builtin-errors';
export type { ParamsOf, TemplateParams } from './errors/message-template';
export { fillTemplate, templateParams } from './errors/message-template';
export type {
  EnumField,
  Field,
  FieldOptions,
  Fields,
  FieldType,
  ListField,
  NumberField,
  RefField,
  ScalarField,
  StateField,
  SystemField,
  TextField,
} from './fields/field';
export { f, isField, SYSTEM_FIELDS } from './fields/field';
export type { InputOf, PatchOf, RecordOfFields, ValueOf, ValuesOf } from './fields/field-value';
export type { CallerProp, Expr, ExprNode, Literal } from './rules/expr';
export {
  addDays,
  addHours,
  caller,
  constant,
  field,
  input,
  isExpr,
  lit,
  lookup,
  now,
} from './rules/expr';
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
