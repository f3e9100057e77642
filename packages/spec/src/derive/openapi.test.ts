import app from '@ninefold/example-helpdesk';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { metaAnswer } from '../contract/meta-answer';
import type { JsonSchema } from './json-schema';
import { listCapabilities } from './list-capabilities';
import { openApi } from './openapi';

const doc = openApi(app);
const paths = doc.paths as Record<string, Record<string, any>>;
const schemas = doc.components.schemas as Record<string, any>;
const op = (path: string, method: string) => paths[path]?.[method];
/** A response of an operation, its shared `$ref` followed. */
const response = (path: string, method: string, status: string) => {
  const r = op(path, method)?.responses?.[status];
  const name = typeof r?.$ref === 'string' ? r.$ref.split('/').at(-1) : undefined;
  return name ? (doc.components.responses as Record<string, any>)[name] : r;
};

describe('openApi on the helpdesk', () => {
  it('is a valid OpenAPI 3.1 document by a third-party validator', async () => {
    const v = new Validator();
    const r = await v.validate(doc);
    if (!r.valid) console.error(JSON.stringify(r.errors, null, 2));
    expect(r.valid).toBe(true);
    expect(v.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('the validator is live: it refuses a document with a dangling reference', async () => {
    const broken = JSON.parse(JSON.stringify(doc));
    broken.paths['/api/auth/me'].get.responses['200'].content['application/json'].schema.$ref =
      '#/components/schemas/Nope';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('is plain JSON, as /api/openapi.json serves it', () => {
    expect(JSON.parse(JSON.stringify(doc))).toStrictEqual(doc);
  });

  it('takes its info from the app', () => {
    expect(doc.info.title).toBe('Helpdesk');
    expect(doc.info.description).toContain('A support desk for a small software company.');
    expect(doc.info.description).toContain('Customers file tickets');
  });

  const operations: [string, string, string][] = [
    ['/api/health', 'get', 'getHealth'],
    ['/api/meta', 'get', 'getMeta'],
    ['/api/openapi.json', 'get', 'getOpenApi'],
    ['/api/auth/signup', 'post', 'authSignup'],
    ['/api/auth/login', 'post', 'authLogin'],
    ['/api/auth/logout', 'post', 'authLogout'],
    ['/api/auth/me', 'get', 'authMe'],
    ['/api/entities/tickets', 'get', 'listTickets'],
    ['/api/entities/tickets', 'post', 'createTickets'],
    ['/api/entities/tickets/{id}', 'get', 'getTickets'],
    ['/api/entities/tickets/{id}', 'patch', 'updateTickets'],
    ['/api/entities/tickets/{id}', 'delete', 'deleteTickets'],
    ['/api/entities/users', 'get', 'listUsers'],
    ['/api/entities/articles/{id}', 'get', 'getArticles'],
    ...['triage', 'await', 'respond', 'resolve', 'reopen', 'close', 'withdraw'].map(
      (t): [string, string, string] => [
        `/api/entities/tickets/{id}/transitions/${t}`,
        'post',
        `ticketsTransition${t[0]!.toUpperCase()}${t.slice(1)}`,
      ],
    ),
    ['/api/actions/assignToMe', 'post', 'actionAssignToMe'],
    ['/api/actions/ticketStats', 'post', 'actionTicketStats'],
  ];
  it.each(operations)('%s %s is %s', (path, method, id) => {
    expect(op(path, method)?.operationId).toBe(id);
  });

  it('has one operation id per operation', () => {
    const ids = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((o) =>
        o && typeof o === 'object' && 'operationId' in o ? [o.operationId] : [],
      ),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(operations.length);
  });

  it('declares every path template parameter', () => {
    for (const [path, item] of Object.entries(paths)) {
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const declared = (item.parameters ?? []).some((p: JsonSchema) => p.name === name && p.in === 'path');
        expect(declared, `${path} declares {${name}}`).toBe(true);
      }
    }
  });

  it('puts every error code of the app in the Problem code enum', () => {
    const codes = schemas.Problem.properties.code.enum;
    expect(codes).toContain('OPEN_TICKET_LIMIT');
    expect([...codes].sort()).toEqual(Object.keys(app.errors).sort());
  });

  const errorCases: [string, string, string, string[]][] = [
    ['/api/entities/tickets', 'post', '409', ['OPEN_TICKET_LIMIT']],
    ['/api/entities/tickets', 'post', '422', ['VALIDATION_FAILED', 'ASSIGNEE_NOT_AGENT']],
    ['/api/entities/tickets', 'post', '429', ['RATE_LIMITED']],
    ['/api/entities/tickets/{id}', 'patch', '412', ['VERSION_MISMATCH']],
    ['/api/entities/tickets/{id}', 'patch', '422', ['SATISFACTION_NOT_ALLOWED', 'ASSIGNEE_NOT_AGENT']],
    ['/api/entities/tickets/{id}', 'get', '404', ['NOT_FOUND']],
    ['/api/entities/tickets/{id}', 'get', '401', ['UNAUTHENTICATED']],
    [
      '/api/entities/tickets/{id}/transitions/reopen',
      'post',
      '409',
      ['INVALID_TRANSITION', 'REOPEN_WINDOW_EXPIRED'],
    ],
    ['/api/entities/tickets/{id}/transitions/reopen', 'post', '403', ['FORBIDDEN']],
    ['/api/entities/tickets/{id}/transitions/triage', 'post', '422', ['ASSIGNEE_NOT_AGENT']],
    ['/api/entities/comments', 'post', '409', ['TICKET_CLOSED']],
    ['/api/actions/assignToMe', 'post', '404', ['NOT_FOUND']],
    ['/api/actions/assignToMe', 'post', '409', ['INVALID_TRANSITION']],
    ['/api/actions/assignToMe', 'post', '403', ['FORBIDDEN']],
    ['/api/auth/login', 'post', '401', ['INVALID_CREDENTIALS']],
    ['/api/auth/login', 'post', '429', ['RATE_LIMITED']],
    ['/api/auth/me', 'get', '401', ['UNAUTHENTICATED']],
  ];
  it.each(errorCases)('%s %s answers %s with %j', (path, method, status, codes) => {
    const shared = response(path, method, status);
    expect(op(path, method)?.responses?.[status]).toHaveProperty('$ref');
    expect(shared?.['x-error-codes']).toEqual(expect.arrayContaining(codes));
    for (const code of codes) expect(shared?.description).toContain(code);
    expect(op(path, method)?.['x-error-codes']).toEqual(expect.arrayContaining(codes));
    expect(shared?.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum).toEqual(
      shared?.['x-error-codes'],
    );
  });

  // Statuses the server answers that the document once lacked (issue #13).
  const addedCases: [string, string, string, string][] = [
    ['/api/auth/signup', 'post', '429', 'RATE_LIMITED'],
    ['/api/auth/login', 'post', '403', 'FORBIDDEN'],
    ['/api/auth/logout', 'post', '403', 'FORBIDDEN'],
    ['/api/meta', 'get', '304', ''],
    ['/api/entities/tickets/{id}', 'get', '400', 'MALFORMED_REQUEST'],
    ['/api/entities/users/{id}', 'delete', '422', 'VALIDATION_FAILED'],
    ['/api/entities/tickets/{id}/transitions/resolve', 'post', '412', 'VERSION_MISMATCH'],
    ['/api/entities/tickets/{id}', 'delete', '412', 'VERSION_MISMATCH'],
    ['/api/audit', 'get', '403', 'FORBIDDEN'],
    ['/api/rates', 'get', '401', 'UNAUTHENTICATED'],
  ];
  it.each(addedCases)('%s %s answers %s %s', (path, method, status, code) => {
    expect(op(path, method)?.responses?.[status]).toBeDefined();
    if (code) expect(op(path, method)?.['x-error-codes']).toContain(code);
  });

  it.each([
    ['/api/entities/tickets/{id}', 'patch'],
    ['/api/entities/tickets/{id}', 'delete'],
    ['/api/entities/tickets/{id}/transitions/resolve', 'post'],
  ])('%s %s takes If-Match', (path, method) => {
    expect(op(path, method)?.parameters).toContainEqual(
      expect.objectContaining({ name: 'If-Match', in: 'header' }),
    );
  });

  it('shares its error responses by $ref', () => {
    const inline = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((o: any) =>
        Object.entries(o?.responses ?? {}).filter(([s, r]: [string, any]) => Number(s) >= 400 && !r.$ref),
      ),
    );
    expect(inline).toEqual([]);
  });

  it('says where it is served, the true password policy, $can and params', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(schemas.SignupInput.properties.password).toMatchObject({ minLength: 8, maxLength: 256 });
    expect(schemas.TicketsRecord.properties.$can).toEqual(
      expect.objectContaining({ $ref: '#/components/schemas/TicketsCan' }),
    );
    expect(schemas.Problem.properties.params).toEqual({ $ref: '#/components/schemas/ProblemParams' });
  });

  it('describes the realtime protocol on its operation', () => {
    const rt = op('/api/realtime', 'get');
    expect(rt?.responses?.['101']).toBeDefined();
    expect(rt?.['x-realtime']?.closeCodes).toHaveProperty('4001');
    expect(schemas.RealtimeServerMessage.oneOf.length).toBeGreaterThan(5);
  });

  const absentCases: [string, string, string][] = [
    // A public list is filtered for signed-out callers, never refused.
    ['/api/entities/articles', 'get', '401'],
    // An unreadable record answers 404, never 403.
    ['/api/entities/tickets/{id}', 'get', '403'],
    // No declared rate limits reads.
    ['/api/entities/tickets', 'get', '429'],
    ['/api/health', 'get', '401'],
  ];
  it.each(absentCases)('%s %s never answers %s', (path, method, status) => {
    expect(op(path, method)?.responses).toBeDefined();
    expect(op(path, method)?.responses?.[status]).toBeUndefined();
  });

  const securityCases: [string, string, unknown[]][] = [
    ['/api/entities/articles', 'get', [{}, { session: [] }, { bearer: [] }]],
    ['/api/entities/tickets', 'get', [{ session: [] }, { bearer: [] }]],
    ['/api/auth/login', 'post', []],
  ];
  it.each(securityCases)('%s %s has security %j', (path, method, security) => {
    expect(op(path, method)?.security).toEqual(security);
  });

  it('authenticates by the session cookie or a bearer token', () => {
    expect(doc.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'nf_session' }),
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  describe('list parameters', () => {
    const params: JsonSchema[] = op('/api/entities/tickets', 'get')?.parameters ?? [];
    const param = (name: string) => params.find((p) => p.name === name);

    const cases: [string, JsonSchema][] = [
      ['limit', { type: 'integer', minimum: 1, default: 25 }],
      ['priority', { type: 'string', enum: ['low', 'normal', 'high', 'urgent'] }],
      ['createdAt[gte]', { type: 'string', format: 'date-time' }],
      ['subject[contains]', { type: 'string', minLength: 1 }],
      ['satisfaction[lt]', { type: 'integer' }],
      ['status[ne]', { type: 'string', enum: ['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'] }],
    ];
    it.each(cases)('%s has the schema %j', (name, schema) => {
      expect(param(name)).toMatchObject({ in: 'query', schema });
    });

    it('takes `in` as a comma-separated list', () => {
      expect(param('priority[in]')).toMatchObject({
        style: 'form',
        explode: false,
        schema: { type: 'array', items: { enum: ['low', 'normal', 'high', 'urgent'] } },
      });
    });

    it.each(['tags', 'subject[gte]', 'priority[contains]', 'published'])('has no parameter %s', (name) => {
      expect(param(name)).toBeUndefined();
    });

    it('lists exactly the sorts the list capabilities take, both ways', () => {
      expect(param('sort')?.schema).toEqual({
        type: 'string',
        enum: [
          'createdAt',
          '-createdAt',
          'subject',
          '-subject',
          'updatedAt',
          '-updatedAt',
          'dueAt',
          '-dueAt',
        ],
      });
    });

    it.each(Object.keys(app.entities))('%s: the sort enum is listCapabilities(entity).sorts', (name) => {
      const p = (op(`/api/entities/${name}`, 'get')?.parameters ?? []).find(
        (x: JsonSchema) => x.name === 'sort',
      );
      const { sorts } = listCapabilities(app.entities[name]!);
      expect(p?.schema.enum).toEqual(sorts.flatMap((s) => [s, `-${s}`]));
    });

    it('offers no sort on an optional field (regression: 14 sort values the server always refused)', () => {
      const optional = Object.entries(app.entities.tickets!.fields).filter(([, f]) => f.optional);
      const sorts = (param('sort')!.schema as { enum: string[] }).enum;
      for (const [name] of optional) expect(sorts).not.toContain(name);
    });

    it('documents the filter syntax', () => {
      expect(op('/api/entities/tickets', 'get')?.description).toContain('?priority[in]=high,urgent');
    });
  });

  it('takes If-Match on updates', () => {
    expect(op('/api/entities/tickets/{id}', 'patch')?.parameters).toEqual([
      expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
    ]);
  });

  it('says a limit over the maximum is read as the maximum (500 was silently capped)', () => {
    const limit = op('/api/entities/tickets', 'get')?.parameters.find((p: JsonSchema) => p.name === 'limit');
    expect(limit.description).toContain('more than 100 is read as 100');
    expect(limit.schema.maximum).toBeUndefined();
  });

  const bodyCases: [string, string, string[] | undefined][] = [
    ['TicketsResolveInput', 'resolution', ['resolution']],
    ['TicketsTriageInput', 'assignee', undefined],
    ['ActionAssignToMeInput', 'ticketId', ['ticketId']],
    ['TicketsCreate', 'subject', ['subject', 'description']],
  ];
  it.each(bodyCases)('%s has %s and requires %j', (name, prop, required) => {
    const schema = (doc.components.requestBodies as Record<string, any>)[name]?.content['application/json']
      .schema;
    expect(schema?.properties).toHaveProperty(prop);
    expect(schema?.required).toEqual(required);
  });

  it('puts inputs in requestBodies, where a defaulted field reads as optional (internal on comments)', () => {
    const body = (doc.components.requestBodies as Record<string, any>).CommentsCreate;
    expect(body.content['application/json'].schema.required).toEqual(['ticket', 'body']);
    expect(op('/api/entities/comments', 'post')?.requestBody).toEqual({
      $ref: '#/components/requestBodies/CommentsCreate',
    });
  });

  it('describes /api/meta by the keys it answers', () => {
    expect(schemas.ClientMeta.required).toEqual(Object.keys(metaAnswer(app)));
  });

  it('answers list pages of records', () => {
    expect(schemas.TicketsPage.properties.items.items).toEqual({
      $ref: '#/components/schemas/TicketsRecord',
    });
  });
});
