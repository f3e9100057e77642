/**
 * The wire types as JSON Schema (2020-12), for OpenAPI's components: the same shapes
 * `wire-types.ts` declares, so a team in another language reads them from the document.
 * App-specific schemas (records, `$can` per entity, the Problem's code enum) are in
 * derive/openapi-components.ts.
 */
import type { JsonSchema } from '../derive/json-schema';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const obj = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

/**
 * A file as a record answers it and an upload returns it (`FileRef`): its `url` downloads it
 * for this caller under the record's read rule, until it expires.
 * @example FILE_REF_SCHEMA.required // ['id', 'name', 'size', 'type', 'url']
 */
export const FILE_REF_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: 'The name it was uploaded under, made safe.' },
    size: { type: 'integer', minimum: 0, description: 'Bytes.' },
    type: { type: 'string', description: 'The media type, decided from the content.' },
    url: {
      type: 'string',
      description:
        'Downloads it (`&variant=<name>` an image variant, `&download` as an attachment); expires.',
    },
  },
  required: ['id', 'name', 'size', 'type', 'url'],
  additionalProperties: false,
};

const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const items = (name: string): JsonSchema => obj({ items: { type: 'array', items: ref(name) } });

const API_KEY_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', format: 'uuid' },
  name: str,
  prefix: {
    type: 'string',
    description: "The key's first characters (`nfk_` and 8 more), to tell keys apart.",
  },
  userId: { type: 'string', format: 'uuid', description: 'The account the key acts for.' },
  role: { type: 'string', description: "The role the key acts as: its owner's, or a narrower one." },
  createdAt: time,
  expiresAt: nullableTime,
  lastUsedAt: { ...nullableTime, description: 'Updated at most once a minute.' },
};

// The account flows' answers (wire-types.ts: Invitation, ApiKey, ApiKeyCreated, MailEntry,
// ItemsAnswer, VerifyEmailAnswer).
const ACCOUNT_SCHEMAS: Record<string, JsonSchema> = {
  Invitation: obj({
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string', format: 'email' },
    role: str,
    name: nullableStr,
    invitedBy: { type: ['string', 'null'], description: 'Who sent it; null for the CLI.' },
    createdAt: time,
    expiresAt: { ...time, description: 'When its current link stops working.' },
    sentAt: { ...nullableTime, description: 'When its mail last left; null while queued.' },
    status: { type: 'string', enum: ['pending', 'expired'] },
  }),
  Invitations: items('Invitation'),
  ApiKey: obj(API_KEY_PROPERTIES),
  ApiKeyCreated: obj({
    ...API_KEY_PROPERTIES,
    key: {
      type: 'string',
      pattern: '^nfk_[A-Za-z0-9_-]{43}$',
      description: 'Send as `Authorization: Bearer <key>`. Shown this once: only its hash is kept.',
    },
  }),
  ApiKeys: items('ApiKey'),
  MailEntry: obj(
    {
      id: { type: 'string', format: 'uuid' },
      message: { type: 'string', description: 'The message of the catalogue.' },
      to: str,
      subject: { type: ['string', 'null'], description: 'Null until it is rendered.' },
      status: {
        type: 'string',
        enum: ['queued', 'sent', 'failed', 'dropped'],
        description: '`dropped`: nothing to send (a reset for an address with no account).',
      },
      attempts: int,
      createdAt: time,
      sentAt: nullableTime,
      error: nullableStr,
      text: { type: 'string', description: 'The plain text body: in the development outbox only.' },
      html: { type: 'string', description: 'The HTML body: in the development outbox only.' },
    },
    ['id', 'message', 'to', 'subject', 'status', 'attempts', 'createdAt', 'sentAt', 'error'],
  ),
  MailEntries: items('MailEntry'),
  VerifyEmailAnswer: obj({
    email: { type: 'string', format: 'email', description: 'The address now confirmed.' },
  }),
};

const HISTORY_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', format: 'uuid' },
  at: { type: 'string', format: 'date-time' },
  actor: { type: ['string', 'null'], description: "The acting user's id; null for the system." },
  actorRole: nullableStr,
  operation: { type: 'string', enum: ['create', 'update', 'delete', 'transition', 'action'] },
  name: { type: ['string', 'null'], description: "The transition's or action's name." },
  fromState: nullableStr,
  toState: nullableStr,
  changes: {
    type: 'object',
    description: 'Per field the caller may read, `[before, after]`.',
    additionalProperties: { type: 'array', prefixItems: [{}, {}], minItems: 2, maxItems: 2 },
  },
};

const perField = (values: JsonSchema): JsonSchema => ({
  type: 'object',
  description: 'Per field asked for; null over no values.',
  additionalProperties: values,
});
const num = { type: ['number', 'null'] } as const;
const numOrText = { type: ['number', 'string', 'null'] } as const;

// GET …/aggregate and POST …/import (wire-types.ts: AggregateGroup, AggregateAnswer,
// ImportRowResult, ImportReport).
const QUERY_SCHEMAS: Record<string, JsonSchema> = {
  AggregateGroup: obj(
    {
      key: {
        type: 'object',
        description: "The grouping fields' values (null is a group of its own); empty without `groupBy`.",
      },
      count: int,
      sum: perField(num),
      min: perField(numOrText),
      max: perField(numOrText),
      avg: perField(num),
    },
    ['key'],
  ),
  AggregateAnswer: obj({ groups: { type: 'array', items: ref('AggregateGroup') } }),
  ImportRowResult: obj(
    {
      row: { type: 'integer', minimum: 1, description: 'From 1: the first row after a CSV header.' },
      status: { type: 'string', enum: ['created', 'failed', 'skipped'] },
      id: { type: 'string', format: 'uuid', description: 'The new record, when created.' },
      code: { type: 'string', description: 'The catalogue code the row failed with.' },
      errors: { type: 'array', items: ref('FieldError') },
    },
    ['row', 'status'],
  ),
  ImportReport: obj(
    {
      mode: { type: 'string', enum: ['all', 'each'] },
      total: int,
      created: int,
      failed: int,
      rows: { type: 'array', items: ref('ImportRowResult') },
      ignoredColumns: {
        type: 'array',
        items: str,
        description: 'Columns left out because no create may set them (state, read-only, computed).',
      },
    },
    ['mode', 'total', 'created', 'failed', 'rows'],
  ),
};

/**
 * The app-independent wire schemas, by component name.
 * @example WIRE_SCHEMAS.FieldError.required // ['path', 'code', 'message']
 */
export const WIRE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  FieldError: obj({
    path: { type: 'string', description: 'The field, e.g. `subject` or `tags.2`.' },
    code: { type: 'string', description: 'A field issue or an error code of the app.' },
    message: str,
  }),
  ProblemParams: {
    type: 'object',
    description: "The values the code's message template was filled with.",
    additionalProperties: { type: ['string', 'number'] },
  },
  Health: obj({ status: { const: 'ok' } }),
  HistoryEntry: obj(HISTORY_PROPERTIES),
  History: obj({ items: { type: 'array', items: ref('HistoryEntry') } }),
  AuditEntry: obj({
    ...HISTORY_PROPERTIES,
    entity: str,
    recordId: { type: 'string', description: 'The record, or the action run.' },
  }),
  AuditPage: obj({
    items: { type: 'array', items: ref('AuditEntry') },
    nextCursor: { type: ['string', 'null'], description: 'null on the last page.' },
  }),
  QuotaUsage: obj(
    {
      name: str,
      entity: {
        type: 'string',
        description: "The entity counted; `*` for a storage quota over every entity's files.",
      },
      max: int,
      used: int,
      remaining: int,
      unit: {
        type: 'string',
        enum: ['records', 'bytes'],
        description: 'What is counted: records (a quota; the default) or bytes of files (a storage quota).',
      },
    },
    ['name', 'entity', 'max', 'used', 'remaining'],
  ),
  FileRef: FILE_REF_SCHEMA,
  Quotas: obj({ items: { type: 'array', items: ref('QuotaUsage') } }),
  RateUsage: obj({
    name: str,
    scope: { type: 'string', enum: ['read', 'write', 'action', 'login', 'signup', 'mail', 'account'] },
    max: int,
    windowSeconds: int,
    declared: { type: 'boolean' },
    per: { type: 'array', items: { type: 'string', enum: ['user', 'address', 'email'] } },
    perEvent: { type: 'string', enum: ['all', 'one'] },
    keys: int,
    limited: int,
    events: int,
  }),
  Rates: obj({
    items: { type: 'array', items: ref('RateUsage') },
    at: { type: 'string', format: 'date-time' },
    shared: { type: 'boolean', description: 'Counts shared by every process on the database.' },
    process: obj({ pid: { type: 'integer' }, startedAt: { type: 'string', format: 'date-time' } }),
  }),
  ...ACCOUNT_SCHEMAS,
  ...QUERY_SCHEMAS,
};

const rtClient: JsonSchema[] = [
  {
    ...obj(
      {
        type: { const: 'subscribe' },
        id: str,
        entity: str,
        query: {
          type: 'object',
          additionalProperties: str,
          description: 'List filters, as in the query string.',
        },
        recordId: { type: 'string', format: 'uuid' },
      },
      ['type', 'id', 'entity'],
    ),
    title: 'subscribe',
  },
  { ...obj({ type: { const: 'unsubscribe' }, id: str }), title: 'unsubscribe' },
  { ...obj({ type: { const: 'auth' }, token: str }), title: 'auth' },
  { ...obj({ type: { const: 'ping' } }), title: 'ping' },
];

const change = (events: string[], record: boolean): JsonSchema =>
  obj(
    {
      type: { const: 'event' },
      sub: str,
      event: { type: 'string', enum: events },
      entity: str,
      id: { type: 'string', format: 'uuid' },
      ...(record ? { record: { type: 'object' }, name: str } : {}),
    },
    ['type', 'sub', 'event', 'entity', 'id', ...(record ? ['record'] : [])],
  );

const rtServer: JsonSchema[] = [
  obj({
    type: { const: 'ready' },
    caller: { oneOf: [{ type: 'null' }, obj({ id: str, role: str })] },
  }),
  obj({ type: { const: 'subscribed' }, id: str }),
  change(['created', 'updated', 'transitioned'], true),
  change(['deleted', 'removed'], false),
  obj({ type: { const: 'resync' }, reason: str }, ['type']),
  obj({ type: { const: 'pong' } }),
  obj({ type: { const: 'error' }, id: str, code: str, detail: str }, ['type', 'code', 'detail']),
  // NotificationItem is app-specific (its names), so it is derived in openapi-automation-schemas.ts.
  obj({ type: { const: 'notification' }, notification: ref('NotificationItem') }),
];

/**
 * The realtime protocol's messages as schemas: what a client sends, what the server sends.
 * @example REALTIME_SCHEMAS.RealtimeClientMessage.oneOf.length // 4
 */
export const REALTIME_SCHEMAS = {
  RealtimeClientMessage: { oneOf: rtClient },
  RealtimeServerMessage: { oneOf: rtServer },
} as const satisfies Record<string, JsonSchema>;
