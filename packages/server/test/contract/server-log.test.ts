/**
 * The server's structured log, read back from a captured stream: one line a request at info
 * with its request id and route; every 500 with its stack, request id and route; an app's
 * code missing from the catalogue named as such. And the closing server's UNAVAILABLE.
 */
import { connect } from 'node:net';
import { action, defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/http/request-log';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { parseAnswer, rawRequest } from './raw-http';

const BOOM = 'the handler broke';

const logApp = defineApp({
  about: { name: 'Log', summary: 'Actions that fail.', audience: 'Anyone.' },
  roles: { member: { signUp: true } },
  entities: { notes: entity({ fields: { text: f.text() }, access: { read: { anonymous: true } } }) },
  actions: {
    explode: action({
      who: { anonymous: true },
      input: {},
      output: {},
      handler: async () => {
        throw new TypeError(BOOM);
      },
    }),
    driverRefused: action({
      who: { anonymous: true },
      input: {},
      output: {},
      handler: async () => {
        // As PostgreSQL's driver reports a refused row: the row itself in `detail`.
        throw Object.assign(new Error('new row violates check constraint'), {
          code: '23514',
          detail: 'Failing row contains (s3cr3t-row, $argon2id$v=19$…).',
          where: 's3cr3t-where',
        });
      },
    }),
    undeclared: action({
      who: { anonymous: true },
      input: {},
      output: {},
      handler: async ({ fail }) => fail('SHIPMENT_LOST', { carrier: 's3cr3t-carrier' }),
    }),
  },
});

type Line = Record<string, any>;

describe('loggerOptions', () => {
  it.each([
    ['on by default, at info', undefined, {}, { level: 'info' }],
    ['at LOG_LEVEL when set', undefined, { LOG_LEVEL: 'warn' }, { level: 'warn' }],
    ['silent under the test runner', undefined, { NODE_ENV: 'test' }, { level: 'silent' }],
    ['on when asked, even under the test runner', true, { NODE_ENV: 'test' }, { level: 'info' }],
    ['off when asked', false, {}, false],
    ['a given level', { level: 'debug' }, { LOG_LEVEL: 'warn' }, { level: 'debug' }],
  ] as const)('%s', (_name, option, env, expected) => {
    expect(loggerOptions(option, env as NodeJS.ProcessEnv)).toEqual(expected);
  });
});

describe('the server log', () => {
  const lines: Line[] = [];
  let nf: Ninefold;
  let port: number;
  const byId = (id: unknown) => lines.filter((l) => l.reqId === id);

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    nf = await createNinefold(logApp, { database: ':memory:', logger: { level: 'info', stream } });
    // A route whose failure is not an AppError at all: the 500 a bug would cause.
    nf.server.get('/api/test-throws', () => {
      throw new RangeError('index out of range');
    });
    await nf.server.listen({ host: '127.0.0.1', port: 0 });
    port = (nf.server.server.address() as { port: number }).port;
  });
  afterAll(() => nf.close());

  it('writes one line a request, at info, with its request id and route', async () => {
    const res = await nf.server.inject({ method: 'GET', url: '/api/entities/notes?text=secret' });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = lines.filter((l) => l.path === '/api/entities/notes');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/entities/:entity',
      statusCode: 200,
    });
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(byId(line?.reqId)).toHaveLength(1);
    // The query may hold what people typed: it stays out of the log.
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it.each([
    ['a thrown TypeError in an action', '/api/actions/explode', '/api/actions/:name', BOOM, 'TypeError'],
    [
      'a thrown RangeError in a route',
      '/api/test-throws',
      '/api/test-throws',
      'index out of range',
      'RangeError',
    ],
  ])(
    'logs a 500 from %s with its stack, request id, route and kind',
    async (_n, url, route, message, type) => {
      const method = url.includes('actions') ? 'POST' : 'GET';
      const res = await nf.server.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
      const id = res.headers['x-request-id'];
      const error = byId(id).find((l) => l.level === 50);
      // Regression: pino's error serializer named every error "Object" (the kind of what loggable gave it).
      expect(error).toMatchObject({ msg: 'unexpected error', route, err: { message, type } });
      expect(error?.err.stack).toContain('    at ');
      expect(byId(id).find((l) => l.msg === 'request')).toMatchObject({ route, statusCode: 500 });
      expect(res.body).not.toContain(message);
    },
  );

  // Regression (review of #12): a driver error was logged whole, the refused row included.
  it('logs a driver error by its message, code and stack, never the row it refused', async () => {
    const res = await nf.server.inject({ method: 'POST', url: '/api/actions/driverRefused', payload: {} });
    expect(res.statusCode).toBe(500);
    const error = byId(res.headers['x-request-id']).find((l) => l.level === 50);
    expect(error).toMatchObject({
      msg: 'unexpected error',
      err: { message: 'new row violates check constraint', code: '23514' },
    });
    expect(error?.err.stack).toContain('    at ');
    expect(JSON.stringify(lines)).not.toContain('s3cr3t-row');
    expect(JSON.stringify(lines)).not.toContain('s3cr3t-where');
  });

  it('names an app-thrown code missing from the catalogue, and answers nothing of it', async () => {
    const res = await nf.server.inject({ method: 'POST', url: '/api/actions/undeclared', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    // Regression: the INTERNAL answer carried the undeclared error's params.
    expect(res.json().params).toBeUndefined();
    expect(res.body).not.toContain('s3cr3t-carrier');
    const error = byId(res.headers['x-request-id']).find((l) => l.level === 50);
    expect(error).toMatchObject({
      msg: 'error code SHIPMENT_LOST is not in the catalogue',
      code: 'SHIPMENT_LOST',
      route: '/api/actions/:name',
    });
    expect(error?.err.stack).toContain('    at ');
  });

  it.each([
    ['broken percent-encoding', '/api/entities/%ZZ', 400],
    ['a segment over 100 characters', `/api/entities/${'a'.repeat(101)}`, 404],
  ])('logs a request the router refuses (%s) with its request id', async (_n, url, status) => {
    const res = await nf.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const [line, ...more] = lines.filter((l) => l.path === url);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ msg: 'request', statusCode: status, level: 30 });
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a request the HTTP parser refuses with the id its answer carries', async () => {
    const answer = await rawRequest(port, `GET / HTTP/1.1\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(byId(answer.headers['x-request-id'])).toEqual([
      expect.objectContaining({ clientError: 'HPE_HEADER_OVERFLOW', code: 'HEADERS_TOO_LARGE' }),
    ]);
  });
});

describe('a server shutting down', () => {
  it('answers a request that arrives during the drain with UNAVAILABLE', async () => {
    const nf = await createNinefold(logApp, { database: ':memory:', logger: false });
    // The first request starts the shutdown; the test's own preClose hook (after the
    // server's) holds the drain open until the second request, sent on another kept-alive
    // connection once the first is answered, has had its answer.
    let begun: () => void = () => {};
    const closing = new Promise<void>((resolve) => {
      begun = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    nf.server.addHook('preClose', async () => {
      begun();
      await released;
    });
    let closed: Promise<void> | undefined;
    nf.server.get('/api/test-close', async () => {
      closed = nf.close();
      await closing;
      return { closing: true };
    });
    await nf.server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = nf.server.server.address() as { port: number };
    /** A raw connection: what it received, and a wait for its next answer (or its end). */
    const open = async () => {
      const socket = connect({ host: '127.0.0.1', port });
      await new Promise((resolve) => socket.once('connect', resolve));
      const conn = { socket, received: '', next: Promise.resolve() };
      conn.next = new Promise<void>((resolve) => {
        socket.on('data', (chunk) => {
          conn.received += chunk.toString();
          if (conn.received.includes('\r\n\r\n')) resolve();
        });
        socket.on('close', () => resolve());
      });
      return conn;
    };
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    const first = await open();
    const other = await open();
    first.socket.write(get('/api/test-close'));
    await first.next;
    // An answer given while closing ends its connection, so it cannot hold the close open.
    expect(parseAnswer(first.received).headers.connection).toBe('close');
    other.socket.write(get('/api/health'));
    await other.next;
    release();
    await closed;
    first.socket.destroy();
    other.socket.destroy();
    const second = parseAnswer(other.received);
    expect(second.status, other.received).toBe(503);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(second.headers.connection).toBe('close');
    expect(JSON.parse(second.body)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
  });
});
