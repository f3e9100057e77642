/**
 * The app's custom actions in the OpenAPI document: the route `POST /api/actions/{name}`
 * spelt out per action, with its input, output and the codes it declares.
 */
import { humanize } from '../app/entity';
import type { JsonSchema } from './json-schema';
import { actionSchemaNames, jsonContent, pascal } from './openapi-names';
import { bodyRef, type OpenApiContext, operation } from './openapi-operation';
import { accessCodes } from './openapi-responses';
import { ruleToText } from './rule-text';

/**
 * The operation of one action.
 * @example actionOperation(ctx, 'assignToMe').operationId // 'actionAssignToMe'
 */
export function actionOperation(ctx: OpenApiContext, name: string): JsonSchema {
  const { app, matrix } = ctx;
  const a = app.actions[name]!;
  const cells = Object.fromEntries(matrix.roles.map((r) => [r, matrix.actions[r]?.[name]]));
  const who = Object.entries(a.who).map(([role, rule]) => `${role}: ${ruleToText(rule, { app })}`);
  const names = actionSchemaNames(name);
  return operation(ctx, 'runAction', {
    operationId: `action${pascal(name)}`,
    summary: a.label ?? humanize(name),
    description: [a.description, `Who may call it: ${who.join('; ') || 'nobody'}.`].filter(Boolean).join(' '),
    tags: ['actions'],
    anonymous: (cells.anonymous?.allowed ?? 'never') !== 'never',
    requestBody: bodyRef(names.input),
    responses: { '200': { description: 'The result.', content: jsonContent(names.output) } },
    codes: [...accessCodes(cells, ['never', 'conditional']), ...a.errors],
  });
}
