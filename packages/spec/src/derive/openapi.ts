/**
 * The app's whole HTTP contract as one OpenAPI 3.1 document: the platform's calls, every
 * entity's REST resource and transitions, the custom actions, and every error code.
 */
import type { App } from '../app/define-app';
import type { JsonSchema, JsonValue } from './json-schema';
import { openApiComponents } from './openapi-components';
import { openApiPaths } from './openapi-paths';
import { ResponseBook } from './openapi-responses';
import { permissionMatrix } from './permission-matrix';

export interface OpenApiOptions {
  /** The document's `info.version` (default `1.0.0`). */
  readonly version?: string;
  /** Where the API is served, e.g. `https://helpdesk.example.com`; omitted means this origin (`/`). */
  readonly serverUrl?: string;
}

export type OpenApiDocument = {
  readonly openapi: '3.1.0';
  readonly info: {
    readonly title: string;
    readonly summary: string;
    readonly description: string;
    readonly version: string;
  };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly tags: readonly JsonSchema[];
  readonly paths: { readonly [path: string]: { readonly [key: string]: JsonValue } };
  readonly components: ReturnType<typeof openApiComponents>;
};

/**
 * The OpenAPI 3.1 document of an app, as `/api/openapi.json` serves it.
 * @example
 * const doc = openApi(app);
 * doc.paths['/api/entities/tickets/{id}/transitions/resolve']?.post // ticketsTransitionResolve
 */
export function openApi(app: App, options: OpenApiOptions = {}): OpenApiDocument {
  const responses = new ResponseBook(app);
  const paths = openApiPaths({ app, matrix: permissionMatrix(app), responses });
  return {
    openapi: '3.1.0',
    info: {
      title: app.about.name,
      summary: app.about.summary,
      description: describe(app),
      version: options.version ?? '1.0.0',
    },
    servers: [
      options.serverUrl
        ? { url: options.serverUrl, description: 'The app.' }
        : { url: '/', description: 'The origin that serves this document.' },
    ],
    tags: [
      { name: 'platform', description: 'Health, the spec, this document and the metrics.' },
      {
        name: 'auth',
        description: 'Sign-up, sign-in, the session, password reset, email verification and changes.',
      },
      { name: 'invitations', description: 'Inviting people: they set their own password from the link.' },
      { name: 'apiKeys', description: 'Keys for scripts and integrations, sent as bearer tokens.' },
      { name: 'mail', description: 'The mail the app queued and sent.' },
      { name: 'limits', description: 'Quota usage, and what the rate limits hold.' },
      { name: 'audit', description: 'The audit log.' },
      ...Object.entries(app.entities).map(([name, e]) => ({
        name,
        description: e.description ?? e.label ?? name,
      })),
      { name: 'actions', description: 'Custom calls of the app.' },
      { name: 'realtime', description: 'Live changes over a WebSocket.' },
    ],
    paths,
    components: openApiComponents(app, responses),
  };
}

function describe(app: App): string {
  const { summary, audience } = app.about;
  const who =
    typeof audience === 'string'
      ? audience
      : Object.entries(audience)
          .map(([role, text]) => `- **${role}**: ${text}`)
          .join('\n');
  return [
    summary,
    who,
    'Every failure answers `application/problem+json` with a stable `code` (see the Problem schema). ' +
      'Realtime updates are served over a WebSocket at `/api/realtime`: its messages and close codes are ' +
      'in the operation `realtime` (`x-realtime`). Every operation names its route of the contract (`x-route`) ' +
      'and every code it can answer (`x-error-codes`).',
  ].join('\n\n');
}
