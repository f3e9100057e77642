/**
 * The served document describes the query routes' real answers, once per dialect: each
 * success and refusal of aggregate, export and import judged by the conformance test's
 * judge (a documented status, a body of its schema, a code among `x-error-codes`), and the
 * parameters it lists are the ones the server takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerJudge, type Operation, operationsOf } from '../contract/openapi-answers';
import { DIALECTS } from '../test-databases';
import { type QueryWorld, queryWorld } from './query-world';

type Json = Record<string, any>;

describe.each(DIALECTS)('the query routes answer as the document says on %s', (dialect) => {
  let w: QueryWorld;
  let doc: Json;
  beforeAll(async () => {
    w = await queryWorld(dialect);
    await w.order({ region: 'north', qty: 2, note: '=1' });
    await w.order({ region: 'south', amount: 2.5 });
    doc = (await w.get('/api/openapi.json', null)).json();
  });
  afterAll(async () => w?.close());

  const op = (path: string, method: string): Operation => {
    const found = operationsOf(doc).find((o) => o.path === path && o.method === method);
    if (!found) throw new Error(`no ${method} ${path}`);
    return found;
  };

  it('documents aggregate, export and import per entity, with their parameters', () => {
    const agg = op('/api/entities/orders/aggregate', 'get').op;
    const names = agg.parameters.map((p: Json) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['groupBy', 'count', 'sum', 'avg', 'min', 'max', 'qty[gte]']),
    );
    const groupBy = agg.parameters.find((p: Json) => p.name === 'groupBy');
    expect(groupBy.schema.items.enum).toEqual(['region', 'team', 'paid', 'qty', 'secret', 'note']);
    expect(Object.keys(op('/api/entities/orders/export', 'get').op.responses['200'].content)).toEqual([
      'text/csv',
      'application/json',
    ]);
    const imp = op('/api/entities/orders/import', 'post').op;
    expect(Object.keys(imp.requestBody.content)).toEqual(['application/json', 'text/csv']);
    const list = op('/api/entities/orders', 'get').op.parameters.map((p: Json) => p.name);
    expect(list).toEqual(expect.arrayContaining(['count', 'expand']));
    expect(doc.components.schemas.OrdersPage.properties.total).toBeDefined();
    expect(doc.components.schemas.OrdersRecord.properties.$expand).toBeDefined();
  });

  it('every answer conforms', async () => {
    const judge = answerJudge(doc);
    const calls: [path: string, method: string, url: string, payload?: string | object, headers?: Json][] = [
      [
        '/api/entities/orders/aggregate',
        'get',
        '?groupBy=region,paid&count&sum=qty&avg=amount&min=note&max=placedAt',
      ],
      ['/api/entities/orders/aggregate', 'get', ''],
      ['/api/entities/orders/aggregate', 'get', '?groupBy=nope'],
      ['/api/entities/orders/export', 'get', ''],
      ['/api/entities/orders/export', 'get', '?format=json&region=north'],
      ['/api/entities/orders/export', 'get', '?format=pdf'],
      ['/api/entities/orders/import', 'post', '?mode=each', [{ region: 'east' }, { region: 'nowhere' }]],
      [
        '/api/entities/orders/import',
        'post',
        '',
        'region,qty\r\nnorth,1\r\n',
        { 'content-type': 'text/csv' },
      ],
      ['/api/entities/orders/import', 'post', '', { not: 'an array' }],
    ];
    const seen: number[] = [];
    for (const [path, method, query, payload, headers] of calls) {
      const res = await w.request({
        method: method.toUpperCase() as 'GET' | 'POST',
        url: `${path}${query}`,
        headers: { ...w.member.headers, ...(headers ?? {}) },
        ...(payload !== undefined ? { payload: payload as string } : {}),
      });
      seen.push(res.statusCode);
      expect(
        judge(op(path, method), res.statusCode, res.headers['content-type'] as string, res.body),
      ).toEqual([]);
    }
    expect(seen).toEqual([200, 200, 400, 200, 200, 400, 200, 200, 400]);
  });
});
