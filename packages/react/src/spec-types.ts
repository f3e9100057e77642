/**
 * The spec's type helpers the hooks speak, re-exported so the hooks import types from one place.
 */

export type { Sort } from '@ninefold/client';
export type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  CreateInput,
  EntityName,
  QuotaName,
  RecordOf,
  StateFieldOf,
  StateName,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from '@ninefold/spec';
