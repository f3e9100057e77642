/**
 * fast-check arbitraries for hostile HTTP input against one app: bodies (any JSON, wrong
 * types, huge strings, NUL and half surrogates, prototype-pollution keys, broken JSON),
 * query strings (random keys, operators, brackets, values and percent-encodings), headers
 * (content types, If-Match, Authorization, cookies, origins) and paths.
 */
import type { App } from '@ninefold/spec';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** What the arbitraries aim at: known ids and callers, so some requests get deep. */
export interface Target {
  readonly app: App;
  /** Ids of existing records (any entity), some readable by some callers. */
  readonly ids: readonly string[];
  /** Authorization headers of signed-in users; `{}` is anonymous. */
  readonly callers: readonly Record<string, string>[];
  /** Raw session tokens, for cookies. */
  readonly tokens: readonly string[];
}

type Method = NonNullable<InjectOptions['method']>;

const NASTY_CHARS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '"',
  '\\',
  '%',
  '\n',
  '\u2028',
  '\u{1F600}',
  "'",
  ';',
  '--',
];

/** Strings with the characters that break naive code: NUL, half surrogates, quotes, emoji. */
export const nastyString = fc.string({
  unit: fc.oneof(fc.constantFrom(...NASTY_CHARS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 40,
});

/** Any value a JSON body field might carry, including huge and deep ones. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  // Just past each length limit of the helpdesk, and past the body limit.
  fc.constantFrom(121, 2001, 5001, 20_001, 300_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, '1', 'true', 'null', ''),
  fc.constantFrom(true, false, null, [], {}, [null], { $gt: '' }),
  fc.array(nastyString, { maxLength: 8 }),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

function fieldNames(app: App): string[] {
  const names = Object.values(app.entities).flatMap((e) => Object.keys(e.fields));
  return [...new Set([...names, 'id', 'version', 'createdAt', 'updatedAt', 'status', 'password', 'email'])];
}

/** Bodies: objects of known and unknown keys, any JSON, or raw text that is not JSON. */
export function bodyArb(app: App): fc.Arbitrary<{ payload: string; contentType: string }> {
  const key = fc.oneof(fc.constantFrom(...fieldNames(app)), fc.constantFrom(...PROTO_KEYS), nastyString);
  const object = fc.dictionary(key, nastyValue, { maxKeys: 8 }).map((o) => JSON.stringify(o));
  const json = fc.jsonValue().map((v) => JSON.stringify(v));
  // Whatever JSON.stringify makes of any JS value: -0, NaN, undefined, sparse arrays, dates…
  const anything = fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null');
  const broken = fc.oneof(
    nastyString,
    fc.constantFrom('{', '{"a":}', '[1,]', '{"subject": "x"', "{'a':1}", 'NaN', '{"a":1}{"b":2}', '\u0000'),
    json.map((s) => s.slice(0, Math.max(0, s.length - 1))),
  );
  const polluted = fc
    .tuple(fc.constantFrom('__proto__', 'constructor'), fc.jsonValue({ maxDepth: 2 }))
    .map(([k, v]) => `{"${k}":{"isAdmin":true,"polluted":${JSON.stringify(v)}},"subject":"Hello there"}`);
  const deep = fc.integer({ min: 100, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
  return fc.record({
    payload: fc.oneof({ weight: 5, arbitrary: object }, json, anything, broken, polluted, deep),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16'),
    ),
  });
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters. */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const JUNK_ENCODINGS = [
  '%ZZ',
  '%',
  '%0',
  '%00',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%25',
  '+',
  '%2B',
  '%5B',
  '%5D',
];
const OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains', 'like', 'EQ', '', '0', 'eq][x'];

/** A raw query string: random keys (known fields, operators, brackets) and values. */
export function queryArb(target: Target): fc.Arbitrary<string> {
  const { app, ids } = target;
  const enumValues = Object.values(app.entities).flatMap((e) =>
    Object.values(e.fields).flatMap((f) => ('values' in f ? [...(f.values as readonly string[])] : [])),
  );
  const cursor = fc
    .tuple(
      fc.oneof(fc.jsonValue({ maxDepth: 1 }), nastyString),
      fc.oneof(fc.constantFrom(...ids), fc.uuid(), nastyString),
    )
    .map((c) => Buffer.from(JSON.stringify(c)).toString('base64url'));
  const key = fc.oneof(
    fc
      .tuple(fc.constantFrom(...fieldNames(app)), fc.option(fc.constantFrom(...OPS)))
      .map(([k, op]) => (op === null ? k : `${k}[${op}]`)),
    fc.constantFrom('sort', 'limit', 'cursor', 'a[]', '[]', 'a[b][c]', '__proto__', 'constructor[prototype]'),
    nastyString.map(pct),
    fc.constantFrom(...JUNK_ENCODINGS),
  );
  const value = fc.oneof(
    fc.constantFrom(
      ...enumValues,
      ...ids,
      'null',
      'true',
      'false',
      '',
      '-createdAt',
      'subject',
      '-id',
      'tags',
    ),
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom(
      '1.5',
      '1e308',
      '-0',
      '99999999999999999999',
      'NaN',
      'Infinity',
      '0x10',
      '2026-01-01',
      '+099999-01-01T00:00:00Z',
    ),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    nastyString.map(pct),
    fc.constantFrom(...JUNK_ENCODINGS),
    cursor,
    fc.array(fc.constantFrom(...enumValues), { maxLength: 4 }).map((v) => v.join(',')),
  );
  const pair = fc.tuple(key, value).map(([k, v]) => `${k}=${v}`);
  return fc
    .tuple(fc.array(pair, { maxLength: 5 }), fc.constantFrom('&', '&', ';', '&&'))
    .map(([pairs, sep]) => pairs.join(sep));
}

const printable = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);

/** Request headers: content types, If-Match, Authorization, cookies, origins — valid and not. */
export function headersArb(target: Target): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'content-type': fc.oneof(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'application/json;charset=latin1',
          'text/plain',
          'text/html',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=xyz',
          'application/problem+json',
          'application/merge-patch+json',
          '*/*',
          '',
        ),
        printable,
      ),
      'if-match': fc.oneof(
        fc.nat({ max: 5 }).map(String),
        fc.constantFrom('"1"', 'W/"1"', '*', '"', 'W/', '-1', '1.0', '999999999999999999999', ''),
        printable,
      ),
      authorization: fc.oneof(
        fc.constantFrom(...target.callers.map((c) => c.authorization ?? '')),
        printable.map((s) => `Bearer ${s}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x'),
        printable,
      ),
      cookie: fc.oneof(
        fc.constantFrom(...target.tokens.map((t) => `nf_session=${t}`)),
        printable.map((s) => `nf_session=${s}`),
        printable,
      ),
      origin: fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://localhost:80'), printable),
      'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', ''),
    },
    { requiredKeys: [] },
  );
}

/** A method and path over the app's routes, with known, unknown and broken segments. */
export function routeArb(target: Target): fc.Arbitrary<{ method: Method; url: string }> {
  const { app, ids } = target;
  const entity = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...Object.keys(app.entities)) },
    fc.constantFrom('nf_sessions', 'nf_credentials', '__proto__', 'constructor', '..', 'Tickets'),
    nastyString.map(pct),
  );
  const id = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    fc.uuid(),
    nastyString.map(pct),
    fc.constantFrom(...JUNK_ENCODINGS),
  );
  const transitions = Object.values(app.entities).flatMap((e) => Object.keys(e.states?.transitions ?? {}));
  const name = fc.oneof(
    fc.constantFrom(...transitions, ...Object.keys(app.actions), 'toString', '__proto__'),
    nastyString.map(pct),
  );
  const method = fc.constantFrom<Method>('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS');
  const path = fc.oneof(
    entity.map((e) => `/api/entities/${e}`),
    fc.tuple(entity, id).map(([e, i]) => `/api/entities/${e}/${i}`),
    fc.tuple(entity, id, name).map(([e, i, n]) => `/api/entities/${e}/${i}/transitions/${n}`),
    name.map((n) => `/api/actions/${n}`),
    fc.constantFrom(
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/health',
      '/api/meta',
    ),
    fc
      .array(fc.oneof(nastyString.map(pct), fc.constantFrom('api', '..', '%2e%2e', '', 'entities')), {
        maxLength: 5,
      })
      .map((s) => `/${s.join('/')}`),
  );
  return fc.record({ method, url: path });
}
