/**
 * The platform's own calls in the OpenAPI document: health, meta, the document itself, and
 * sign-up, sign-in, sign-out and the current user.
 */
import type { App } from '../app/define-app';
import type { JsonSchema, JsonValue } from './json-schema';
import { jsonContent } from './openapi-names';
import { jsonBody, operation } from './openapi-operation';
import { baseCodes } from './openapi-responses';

type PathItems = Record<string, Record<string, JsonValue>>;

const SET_COOKIE: JsonSchema = {
  'Set-Cookie': {
    description: 'The HttpOnly session cookie `nf_session`.',
    schema: { type: 'string' },
  },
};

/**
 * The component schemas the auth calls use.
 * @example authSchemas(app).SignupInput
 */
export function authSchemas(app: App): Record<string, JsonSchema> {
  const signUpRoles = Object.entries(app.roles)
    .filter(([, r]) => r.signUp)
    .map(([name]) => name);
  const credentials = {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, writeOnly: true },
  };
  return {
    SignupInput: {
      type: 'object',
      properties: {
        ...credentials,
        name: { type: 'string', minLength: 1, maxLength: 80 },
        // With one sign-up role there is nothing to choose; the first is the default.
        ...(signUpRoles.length > 1 ? { role: { type: 'string', enum: signUpRoles } } : {}),
      },
      required: ['email', 'password', 'name'],
      additionalProperties: false,
    },
    LoginInput: {
      type: 'object',
      properties: credentials,
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
      properties: { user: { $ref: '#/components/schemas/UsersRecord' } },
      required: ['user'],
    },
  };
}

/**
 * The paths of the platform's own calls.
 * @example Object.keys(platformPaths(app)) // ['/api/health', '/api/meta', '/api/openapi.json', '/api/auth/signup', …]
 */
export function platformPaths(app: App): PathItems {
  const anyoneMaySignUp = Object.values(app.roles).some((r) => r.signUp);
  const document = (operationId: string, summary: string, content: JsonSchema) => ({
    get: operation(app, {
      operationId,
      summary,
      tags: ['platform'],
      responses: { '200': { description: summary, content } },
      codes: baseCodes(app, 'read', false),
    }),
  });
  return {
    '/api/health': document('getHealth', 'The service is up', {
      'application/json': {
        schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
      },
    }),
    '/api/meta': document('getMeta', 'The client-facing form of the spec', jsonContent('ClientMeta')),
    '/api/openapi.json': document('getOpenApi', 'This document', {
      'application/json': { schema: { type: 'object' } },
    }),
    '/api/auth/signup': {
      post: operation(app, {
        operationId: 'authSignup',
        summary: 'Sign up',
        description: 'Creates a user with a role that allows sign-up, and signs them in.',
        tags: ['auth'],
        requestBody: jsonBody('SignupInput'),
        responses: {
          '201': { description: 'Signed up and in.', headers: SET_COOKIE, content: jsonContent('Session') },
        },
        codes: [...(anyoneMaySignUp ? [] : ['FORBIDDEN']), ...baseCodes(app, 'signup', true)],
      }),
    },
    '/api/auth/login': {
      post: operation(app, {
        operationId: 'authLogin',
        summary: 'Sign in',
        tags: ['auth'],
        requestBody: jsonBody('LoginInput'),
        responses: {
          '200': { description: 'Signed in.', headers: SET_COOKIE, content: jsonContent('Session') },
        },
        codes: ['INVALID_CREDENTIALS', ...baseCodes(app, 'login', true)],
      }),
    },
    '/api/auth/logout': {
      post: operation(app, {
        operationId: 'authLogout',
        summary: 'Sign out',
        description: 'Ends the session everywhere it is used.',
        tags: ['auth'],
        anonymous: true,
        responses: { '204': { description: 'Signed out.' } },
        codes: baseCodes(app, 'write', false),
      }),
    },
    '/api/auth/me': {
      get: operation(app, {
        operationId: 'authMe',
        summary: 'The signed-in user',
        tags: ['auth'],
        anonymous: false,
        responses: { '200': { description: 'The caller.', content: jsonContent('Me') } },
        codes: ['UNAUTHENTICATED', ...baseCodes(app, 'read', false)],
      }),
    },
  };
}
