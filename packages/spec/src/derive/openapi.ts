/**
 * The app's whole HTTP contract as one OpenAPI 3.1 document: the platform's calls, every
 * entity's REST resource and transitions, the custom actions, and every error code.
 */
import type { App } from '../app/define-app';
import type { JsonSchema, JsonValue } from './json-schema';
import { actionPaths } from './openapi-actions';
import { openApiComponents } from './openapi-components';
import { entityPaths } from './openapi-entities';
import { platformPaths } from './openapi-platform';
import { permissionMatrix } from './permission-matrix';

export interface OpenApiOptions {
  /** The document's `info.version` (default `1.0.0`). */
  readonly version?: string;
  /** Where the API is served, e.g. `https://helpdesk.example.com`; omitted means same origin. */
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
  readonly servers?: readonly { readonly url: string }[];
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
  const matrix = permissionMatrix(app);
  return {
    openapi: '3.1.0',
    info: {
      title: app.about.name,
      summary: app.about.summary,
      description: describe(app),
      version: options.version ?? '1.0.0',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [
      { name: 'platform', description: 'Health, the spec and this document.' },
      { name: 'auth', description: 'Sign-up, sign-in and the session.' },
      ...Object.entries(app.entities).map(([name, e]) => ({
        name,
        description: e.description ?? e.label ?? name,
      })),
      { name: 'actions', description: 'Custom calls of the app.' },
    ],
    paths: { ...platformPaths(app), ...entityPaths(app, matrix), ...actionPaths(app, matrix) },
    components: openApiComponents(app),
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
      'Realtime updates are served over a WebSocket at `/api/realtime`.',
  ].join('\n\n');
}
