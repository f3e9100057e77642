/**
 * The JSON Schema of `/api/meta` (the spec's `ClientMeta`): each section typed to the level a
 * client in another language needs to draw forms, boards and buttons. Rules and fields stay
 * open objects below their kind: their full grammar is the spec package's.
 */
import type { JsonSchema } from '../derive/json-schema';

const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;
const map = (of: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: of });
const obj = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const node = obj({ kind: str }, ['kind']);
const ruleMeta = obj({ rule: node, text: str }, ['rule', 'text']);
const whole = { type: 'integer', minimum: 1 } as const;
// A file field's limits, defaults applied, so a form refuses a file before uploading it.
const field = obj(
  {
    type: str,
    optional: { type: 'boolean' },
    label: str,
    maxBytes: { ...whole, description: 'A file field: the largest file, in bytes.' },
    maxPixels: { ...whole, description: 'A file field: the most pixels an image may have.' },
    max: {
      type: 'number',
      description: 'The most items (a list, a many-files field), or the largest value.',
    },
    accept: {
      ...strings,
      description: 'A file field: the media types taken (`image/*` a family); absent takes any.',
    },
    variants: {
      description: 'A file field: image variants by name (`?variant=<name>`).',
      ...map(
        obj(
          {
            width: whole,
            height: whole,
            fit: { enum: ['cover', 'contain', 'inside'] },
            format: { enum: ['webp', 'jpeg', 'png'] },
          },
          ['width', 'height'],
        ),
      ),
    },
  },
  ['type'],
);
const cell = obj(
  {
    allowed: { enum: ['always', 'conditional', 'never'] },
    rules: { type: 'array' },
    text: str,
    fields: strings,
  },
  ['allowed', 'text'],
);

const transitionMeta = obj(
  {
    label: str,
    description: str,
    from: strings,
    to: str,
    who: map(ruleMeta),
    input: map(field),
    requires: { type: 'array', items: { allOf: [ruleMeta, obj({ error: str }, ['error'])] } },
    after: {
      ...obj({ since: str, days: node, hours: node, minutes: node, text: str }, ['text']),
      description:
        'A timed transition: it also fires by itself, as the system, this long after `since` (or entering a `from` state).',
    },
  },
  ['label', 'from', 'to', 'who', 'input', 'requires'],
);

const entityMeta = obj(
  {
    label: str,
    description: str,
    title: str,
    fields: map(field),
    states: obj(
      {
        field: str,
        initial: str,
        states: map(obj({ label: str, final: { type: 'boolean' }, description: str }, ['label', 'final'])),
        transitions: map(transitionMeta),
      },
      ['field', 'initial', 'states', 'transitions'],
    ),
    validate: {
      type: 'array',
      items: obj({ name: str, on: strings, check: ruleMeta, error: str }, ['name', 'on', 'check', 'error']),
    },
    list: obj({ sorts: strings, filters: map(strings), containsWindow: { type: 'integer' } }, [
      'sorts',
      'filters',
      'containsWindow',
    ]),
  },
  ['label', 'fields', 'validate'],
);

/**
 * The schema of `ClientMeta`, as OpenAPI's `ClientMeta` component.
 * @example META_SCHEMA.required.includes('auth') // true
 */
export const META_SCHEMA = obj(
  {
    about: obj({ name: str, summary: str, audience: { oneOf: [str, map(str)] } }, [
      'name',
      'summary',
      'audience',
    ]),
    roles: map(
      obj(
        {
          label: str,
          description: str,
          signUp: { type: 'boolean' },
          admin: { type: 'boolean' },
          invitedBy: {
            ...strings,
            description: 'Roles whose members may invite into this one (admins always may).',
          },
          verifyEmail: {
            description: 'Accounts prove their email; until then writes are refused, or they act as `actAs`.',
            oneOf: [{ type: 'boolean' }, obj({ actAs: str }, ['actAs'])],
          },
          service: { type: 'boolean', description: 'Integration accounts: no password, API keys only.' },
          apiKeys: {
            description: '`false`: no keys; `roles`: narrower roles a key may act as.',
            oneOf: [{ const: false }, { type: 'object', properties: { roles: strings } }],
          },
        },
        ['label'],
      ),
    ),
    entities: map(entityMeta),
    errors: map(
      obj(
        {
          code: str,
          status: { type: 'integer' },
          message: str,
          params: strings,
          paramKinds: map(str),
          builtin: { type: 'boolean' },
          description: str,
        },
        ['code', 'status', 'message', 'params'],
      ),
    ),
    constants: map(obj({ value: {}, description: str }, ['value'])),
    limits: obj(
      {
        pageSize: obj({ default: { type: 'integer' }, max: { type: 'integer' } }, ['default', 'max']),
        bodyBytes: { type: 'integer' },
        quotas: {
          type: 'array',
          items: obj(
            {
              name: str,
              description: str,
              entity: str,
              owner: str,
              roles: strings,
              where: ruleMeta,
              max: { type: 'number' },
              error: str,
            },
            ['name', 'entity', 'owner', 'max', 'error'],
          ),
        },
        storage: {
          type: 'array',
          description: 'Storage quotas: the bytes of files each uploader (`per: owner`) or each role keeps.',
          items: obj(
            {
              name: str,
              description: str,
              bytes: { type: 'integer', minimum: 1 },
              roles: strings,
              per: { enum: ['owner', 'role'] },
              entity: str,
              error: str,
            },
            ['name', 'bytes', 'per', 'error'],
          ),
        },
        rates: {
          type: 'array',
          items: obj(
            {
              name: str,
              scope: str,
              max: { type: 'integer' },
              window: str,
              windowSeconds: { type: 'integer' },
              roles: strings,
              per: strings,
            },
            ['name', 'scope', 'max', 'window', 'windowSeconds'],
          ),
        },
      },
      ['pageSize', 'bodyBytes', 'quotas', 'storage', 'rates'],
    ),
    screens: map(
      obj({ route: str, kind: str, title: str, roles: strings, entity: str }, ['route', 'kind', 'title']),
    ),
    actions: map(
      obj(
        {
          label: str,
          description: str,
          who: map(ruleMeta),
          input: map(field),
          output: map(field),
          errors: strings,
        },
        ['label', 'who', 'input', 'output', 'errors'],
      ),
    ),
    permissions: obj(
      {
        roles: strings,
        entities: map(map(map(cell))),
        transitions: map(map(map(cell))),
        actions: map(map(cell)),
      },
      ['roles', 'entities', 'transitions', 'actions'],
    ),
    notifications: {
      type: 'array',
      description: "The spec's notifications, for a preferences screen.",
      items: obj({ name: str, label: str }, ['name', 'label']),
    },
    auth: obj({ password: obj({ min: { type: 'integer' }, max: { type: 'integer' } }, ['min', 'max']) }, [
      'password',
    ]),
  },
  [
    'about',
    'roles',
    'entities',
    'errors',
    'constants',
    'limits',
    'screens',
    'actions',
    'permissions',
    'notifications',
    'auth',
  ],
);
