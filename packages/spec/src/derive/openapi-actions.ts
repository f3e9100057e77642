/**
 * The app's custom actions in the OpenAPI document: `POST /api/actions/{name}` each, with
 * its input, output and the codes it declares.
 */
import type { App } from '../app/define-app';
import { humanize } from '../app/entity';
import type { JsonValue } from './json-schema';
import { actionSchemaNames, jsonContent, pascal } from './openapi-names';
import { jsonBody, operation } from './openapi-operation';
import { accessCodes, baseCodes } from './openapi-responses';
import type { PermissionMatrix } from './permission-matrix';
import { ruleToText } from './rule-text';

/**
 * The paths of every action.
 * @example actionPaths(app, permissionMatrix(app))['/api/actions/assignToMe']?.post
 */
export function actionPaths(app: App, matrix: PermissionMatrix): Record<string, Record<string, JsonValue>> {
  return Object.fromEntries(
    Object.entries(app.actions).map(([name, a]) => {
      const cells = Object.fromEntries(matrix.roles.map((r) => [r, matrix.actions[r]?.[name]]));
      const who = Object.entries(a.who).map(([role, rule]) => `${role}: ${ruleToText(rule, { app })}`);
      const names = actionSchemaNames(name);
      const hasRequired = Object.values(a.input).some((f) => !f.optional && f.default === undefined);
      const post = operation(app, {
        operationId: `action${pascal(name)}`,
        summary: a.label ?? humanize(name),
        description: [a.description, `Who may call it: ${who.join('; ') || 'nobody'}.`]
          .filter(Boolean)
          .join(' '),
        tags: ['actions'],
        anonymous: (cells.anonymous?.allowed ?? 'never') !== 'never',
        requestBody: jsonBody(names.input, hasRequired),
        responses: { '200': { description: 'The result.', content: jsonContent(names.output) } },
        codes: [
          ...accessCodes(cells, ['never', 'conditional']),
          ...a.errors,
          ...baseCodes(app, 'action', true),
        ],
      });
      return [`/api/actions/${name}`, { post }];
    }),
  );
}
