/**
 * The requests the conformance test sends for one operation as one caller: the valid call,
 * and invalid ones (an unknown or malformed id, a bad query, an unknown field, a body that is
 * not JSON or too large, a stale or malformed If-Match, a cookie write from another site).
 */
import type { InjectOptions } from 'fastify';
import type { Operation } from './openapi-answers';
import { sampleValue } from './sample-value';

type Json = Record<string, any>;

export interface Probe {
  readonly label: string;
  readonly request: InjectOptions;
}

export interface Caller {
  readonly role: string;
  readonly id?: string;
  readonly token?: string;
}

const UNKNOWN_ID = '0190a1b2-0000-7000-8000-00000000beef';

/**
 * @example probes(doc, operation, caller, ids, 1 << 20).map((p) => p.label) // ['valid', 'unknown id', …]
 */
export function probes(
  doc: Json,
  o: Operation,
  caller: Caller,
  ids: Readonly<Record<string, string>>,
  bodyBytes: number,
): Probe[] {
  const entity = /^\/api\/entities\/(\w+)/.exec(o.path)?.[1];
  const url = (id = entity ? ids[entity] : undefined) => o.path.replace('{id}', id ?? UNKNOWN_ID);
  const auth: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
  const method = o.method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const ref: string | undefined = o.op.requestBody?.$ref;
  const requestBody = ref ? doc.components.requestBodies[ref.split('/').at(-1)!] : o.op.requestBody;
  const bodySchema = requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sampleValue(doc, bodySchema, ids) : undefined;
  type Extra = { url?: string; headers?: Record<string, string>; payload?: string | object };
  const send = (label: string, extra: Extra = {}): Probe => ({
    label,
    request: {
      method,
      url: extra.url ?? url(),
      headers: { ...auth, ...extra.headers },
      ...(extra.payload !== undefined
        ? { payload: extra.payload }
        : body !== undefined
          ? { payload: body as object }
          : {}),
    },
  });
  const json = { 'content-type': 'application/json' };
  const out: Probe[] = [
    send(
      'valid',
      o.path.endsWith('/{id}') || !entity ? {} : { url: `${url()}${o.method === 'get' ? '?limit=2' : ''}` },
    ),
    send('bad query', { url: `${url()}?q=%00` }),
  ];
  if (o.path.includes('{id}')) {
    out.push(send('unknown id', { url: url(UNKNOWN_ID) }), send('malformed id', { url: url('not-a-uuid') }));
  }
  if (o.op.operationId?.startsWith('list')) {
    for (const q of ['limit=500', 'limit=0', 'sort=nope', 'nope[zz]=1', 'cursor=zz']) {
      out.push(send(`list ${q}`, { url: `${url()}?${q}` }));
    }
  }
  if (o.path === '/api/audit') {
    for (const q of ['limit=500', 'operation=nope', 'from=yesterday', 'entity=tickets']) {
      out.push(send(`audit ${q}`, { url: `${url()}?${q}` }));
    }
  }
  if (o.path === '/api/meta') out.push(send('not modified', { headers: { 'if-none-match': '*' } }));
  if (o.path === '/api/realtime')
    out.push(send('cross-site handshake', { headers: { origin: 'https://evil.example' } }));
  if (o.op.requestBody || ['post', 'patch', 'delete'].includes(o.method)) {
    out.push(
      send('unknown field', { payload: { ...(body as object), zz_unknown: 1 } }),
      send('not JSON', { payload: 'not json', headers: json }),
      send('JSON null', { payload: 'null', headers: json }),
      send('too large', { payload: JSON.stringify({ x: 'x'.repeat(bodyBytes + 1) }), headers: json }),
      send('cross-site cookie', {
        headers: {
          cookie: `nf_session=${caller.token ?? 'no-such-session'}`,
          origin: 'https://evil.example',
        },
      }),
    );
    // Whatever the auth above, the cookie alone speaks for the cross-site probe.
    const last = out.at(-1)!.request.headers as Record<string, string>;
    delete last.authorization;
  }
  if ((o.op.parameters ?? []).some((p: Json) => p.name === 'If-Match')) {
    out.push(
      send('stale If-Match', { headers: { 'if-match': '"999999"' } }),
      send('malformed If-Match', { headers: { 'if-match': 'abc' } }),
      send('current If-Match', { headers: { 'if-match': '"1"' } }),
    );
  }
  if (o.path === '/api/entities/users/{id}' && o.method === 'delete' && caller.id) {
    out.push(send('own account', { url: url(caller.id) }));
  }
  return out;
}
