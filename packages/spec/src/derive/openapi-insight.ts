/**
 * The routes that tell how the app is used: the caller's quotas, what the rate limits hold
 * (admins), the audit log (admins), and the process's metrics (admins or a scraper's token).
 */
import { jsonContent, queryParam } from './openapi-names';
import { type OpenApiContext, operation } from './openapi-operation';

const query = queryParam;

/**
 * The operations of `/api/quotas`, `/api/rates`, `/api/audit` and `/api/metrics`, by route id.
 * @example insightOperations(ctx).getAudit.parameters
 */
export function insightOperations(ctx: OpenApiContext) {
  const { pageSize } = ctx.app.limits;
  const entities = Object.keys(ctx.app.entities);
  return {
    getQuotas: operation(ctx, 'getQuotas', {
      operationId: 'getQuotas',
      description: "How much of each quota that applies to the caller's role is used and left.",
      tags: ['limits'],
      anonymous: false,
      responses: { '200': { description: 'The quotas.', content: jsonContent('Quotas') } },
    }),
    getRates: operation(ctx, 'getRates', {
      operationId: 'getRates',
      description: 'Every rate window and what it holds now; admins only.',
      tags: ['limits'],
      anonymous: false,
      responses: { '200': { description: 'The rate windows.', content: jsonContent('Rates') } },
    }),
    getAudit: operation(ctx, 'getAudit', {
      operationId: 'getAudit',
      description:
        'The whole audit log, newest first, for admins; each entry cut to the fields the admin may read, so a page may hold fewer than `limit` entries while `nextCursor` leads on.',
      tags: ['audit'],
      anonymous: false,
      parameters: [
        query('entity', `Entries of one entity (${entities.join(', ')}) or action.`, { type: 'string' }),
        query('recordId', 'Entries of one record.', { type: 'string' }),
        query('actor', 'Entries by one user (their id).', { type: 'string' }),
        query('operation', 'Entries of one kind.', {
          type: 'string',
          enum: ['create', 'update', 'delete', 'transition', 'action'],
        }),
        query('from', 'From this moment on: a day (`2025-03-01`, midnight UTC) or a time with its zone.', {
          type: 'string',
        }),
        query('to', 'Before this moment (exclusive), written as `from`.', { type: 'string' }),
        query(
          'limit',
          `How many entries a page holds (default ${pageSize.default}); more than ${pageSize.max} is read as ${pageSize.max}.`,
          {
            type: 'integer',
            minimum: 1,
          },
        ),
        query('cursor', 'The `nextCursor` of the previous page.', { type: 'string' }),
      ],
      responses: { '200': { description: 'A page of entries.', content: jsonContent('AuditPage') } },
    }),
    getMetrics: operation(ctx, 'getMetrics', {
      operationId: 'getMetrics',
      description:
        "This process's metrics in Prometheus's text format: requests by method, route pattern and status, realtime sockets, and the process's own figures. For admins, or with the operator's `METRICS_TOKEN` as the bearer token.",
      tags: ['platform'],
      anonymous: false,
      responses: {
        '200': {
          description: "The metrics, as `text/plain; version=0.0.4` (Prometheus's text format).",
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
      },
    }),
  };
}
