/**
 * The platform's own calls in the OpenAPI document: health, meta, the document itself, and
 * sign-up, sign-in, sign-out and the current user.
 */
import type { App } from '../app/define-app';
import { PASSWORD_POLICY } from '../contract/password-policy';
import type { JsonSchema } from './json-schema';
import { jsonContent } from './openapi-names';
import { jsonBody, type OpenApiContext, operation } from './openapi-operation';

/**
 * The header of an answer that signs the caller in (or out: the cookie cleared).
 * @example SET_COOKIE['Set-Cookie'].schema // { type: 'string' }
 */
export const SET_COOKIE: JsonSchema = {
  'Set-Cookie': {
    description: 'The HttpOnly session cookie `nf_session`.',
    schema: { type: 'string' },
  },
};

const IF_NONE_MATCH: JsonSchema = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of a meta already held; answered 304 while it is current.',
  schema: { type: 'string' },
};

/**
 * The component schemas the auth calls use.
 * @example authSchemas(app).SignupInput
 */
export function authSchemas(app: App): Record<string, JsonSchema> {
  const signUpRoles = Object.entries(app.roles)
    .filter(([, r]) => r.signUp)
    .map(([name]) => name);
  const email = EMAIL_SCHEMA;
  return {
    SignupInput: {
      type: 'object',
      properties: {
        email,
        password: NEW_PASSWORD_SCHEMA,
        name: NAME_SCHEMA,
        // With one sign-up role there is nothing to choose; the first is the default.
        ...(signUpRoles.length > 1 ? { role: { type: 'string', enum: signUpRoles } } : {}),
      },
      required: ['email', 'password', 'name'],
      additionalProperties: false,
    },
    LoginInput: {
      type: 'object',
      properties: { email, password: { type: 'string', writeOnly: true } },
      required: ['email', 'password'],
      additionalProperties: false,
    },
    Session: {
      type: 'object',
      properties: {
        user: { $ref: '#/components/schemas/UsersRecord' },
        token: { type: 'string', description: 'For `Authorization: Bearer <token>`.' },
      },
      required: ['user', 'token'],
    },
    Me: {
      type: 'object',
      properties: {
        user: {
          allOf: [
            { $ref: '#/components/schemas/UsersRecord' },
            {
              type: 'object',
              properties: {
                actingRole: {
                  type: 'string',
                  enum: Object.keys(app.roles),
                  description:
                    "The role the rules judge the caller by, when it is not the account's own: an API key narrowed to another role, or an unconfirmed account acting as its role's `verifyEmail.actAs`.",
                },
              },
            },
          ],
        },
      },
      required: ['user'],
    },
  };
}

/**
 * An email address as the auth calls take it.
 * @example EMAIL_SCHEMA.maxLength // 254
 */
export const EMAIL_SCHEMA = { type: 'string', format: 'email', maxLength: 254 } as const satisfies JsonSchema;

/**
 * A password being chosen: the platform's policy.
 * @example NEW_PASSWORD_SCHEMA.minLength // 8
 */
export const NEW_PASSWORD_SCHEMA = {
  type: 'string',
  minLength: PASSWORD_POLICY.min,
  maxLength: PASSWORD_POLICY.max,
  writeOnly: true,
  description: `${PASSWORD_POLICY.min} to ${PASSWORD_POLICY.max} characters; common passwords are refused.`,
} as const satisfies JsonSchema;

/**
 * A person's display name.
 * @example NAME_SCHEMA.maxLength // 80
 */
export const NAME_SCHEMA = { type: 'string', minLength: 1, maxLength: 80 } as const satisfies JsonSchema;

const ok = (description: string, schema: string) => ({
  '200': { description, content: jsonContent(schema) },
});

/**
 * The operations of the platform's own routes, by route id.
 * @example platformOperations(ctx).getHealth.operationId // 'getHealth'
 */
export function platformOperations(ctx: OpenApiContext) {
  const { app } = ctx;
  const platform = ['platform'];
  const auth = ['auth'];
  return {
    getHealth: operation(ctx, 'getHealth', {
      operationId: 'getHealth',
      tags: platform,
      responses: ok('The service is up.', 'Health'),
    }),
    getMeta: operation(ctx, 'getMeta', {
      operationId: 'getMeta',
      description: 'Sent with an ETag and `Cache-Control: no-cache`; compressed when the client accepts it.',
      tags: platform,
      parameters: [IF_NONE_MATCH],
      responses: {
        ...ok('The client-facing form of the spec.', 'ClientMeta'),
        '304': { description: 'Not modified: the ETag sent is current.' },
      },
    }),
    getOpenApi: operation(ctx, 'getOpenApi', {
      operationId: 'getOpenApi',
      tags: platform,
      responses: {
        '200': {
          description: 'This document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    }),
    authSignup: operation(ctx, 'authSignup', {
      operationId: 'authSignup',
      description: 'Creates a user with a role that allows sign-up, and signs them in.',
      tags: auth,
      requestBody: jsonBody('SignupInput'),
      responses: {
        '201': { description: 'Signed up and in.', headers: SET_COOKIE, content: jsonContent('Session') },
      },
      codes: Object.values(app.roles).some((r) => r.signUp) ? [] : ['FORBIDDEN'],
    }),
    authLogin: operation(ctx, 'authLogin', {
      operationId: 'authLogin',
      description: 'The same refusal whether or not the email exists.',
      tags: auth,
      requestBody: jsonBody('LoginInput'),
      responses: {
        '200': { description: 'Signed in.', headers: SET_COOKIE, content: jsonContent('Session') },
      },
    }),
    authLogout: operation(ctx, 'authLogout', {
      operationId: 'authLogout',
      description: 'Ends the session everywhere it is used.',
      tags: auth,
      anonymous: true,
      responses: { '204': { description: 'Signed out.' } },
    }),
    authMe: operation(ctx, 'authMe', {
      operationId: 'authMe',
      tags: auth,
      anonymous: false,
      responses: ok('The caller.', 'Me'),
    }),
  };
}
