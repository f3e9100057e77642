/**
 * One permission case checked: ask the server over HTTP, ask the oracle, compare status,
 * body and stored rows. Writes run on a clone of the chosen row (or undo themselves), so
 * every case sees the same population.
 */
import type { LightMyRequestResponse } from 'fastify';
import {
  type Actor,
  assignToMeOutcome,
  canDelete,
  canRead,
  createOutcome,
  deleteOutcome,
  type EntityName,
  listStatus,
  type Outcome,
  type Row,
  refusalStatuses,
  runnableTransitions,
  TRANSITIONS,
  ticketStatsOutcome,
  transitionStatus,
  updatableFields,
  updateOutcome,
  visibleFields,
  type World,
} from './helpdesk-oracle';
import {
  cloneRow,
  type PopActor,
  type Running,
  rawRow,
  removeRow,
  restoreRow,
  rowCount,
} from './helpdesk-population';
import { type Case, describeCase, type ListFilter } from './permission-case';

/** The server and the oracle disagree on a case. */
export class Mismatch extends Error {
  override name = 'PermissionMismatch';
}

function fail(c: Case, what: string, res?: LightMyRequestResponse): never {
  throw new Mismatch(
    `${describeCase(c)}: ${what}${res ? ` — got ${res.statusCode} ${res.body.slice(0, 1200)}` : ''}`,
  );
}

function sorted(xs: Iterable<string>): string[] {
  return [...xs].sort();
}

function sameSet(a: Iterable<string>, b: Iterable<string>): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function url(entity: EntityName, id?: string): string {
  return id ? `/api/entities/${entity}/${id}` : `/api/entities/${entity}`;
}

function expectStatus(c: Case, res: LightMyRequestResponse, outcome: Outcome, okStatus: number): void {
  const want =
    outcome === 'ok' ? [okStatus] : outcome === 'notFound' ? [404] : [...refusalStatuses(c.actor as Actor)];
  if (!want.includes(res.statusCode)) fail(c, `expected ${outcome} (${want.join('/')})`, res);
  if (
    outcome !== 'ok' &&
    res.headers['content-type']?.toString().startsWith('application/problem+json') !== true
  )
    fail(c, 'a refusal must be problem+json', res);
}

/** Every page of a list, following cursors. */
export async function listAll(
  r: Running,
  actor: PopActor,
  entity: EntityName,
  query: string,
): Promise<{ status: number; ids: string[]; items: Row[]; res: LightMyRequestResponse }> {
  const items: Row[] = [];
  let cursor: string | null = null;
  let res: LightMyRequestResponse;
  do {
    const q = `${query}${query ? '&' : ''}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    res = await r.send({ method: 'GET', url: `${url(entity)}?${q}`, headers: actor.headers });
    if (res.statusCode !== 200) return { status: res.statusCode, ids: [], items: [], res };
    const page = res.json() as { items: Row[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { status: 200, ids: items.map((i) => String(i.id)), items, res };
}

/** The oracle's answer to a list: its status and, on 200, the ids in it. */
export function expectedList(
  actor: Actor,
  entity: EntityName,
  filter: ListFilter | null,
  world: World,
): { status: number; ids: string[] } {
  const status = listStatus(actor, entity);
  if (status !== 200) return { status, ids: [] };
  const visible = visibleFields(actor, entity);
  if (filter && visible && !visible.includes(filter.field)) return { status: 400, ids: [] };
  const ids = [...world.rows[entity].values()]
    .filter((row) => canRead(actor, entity, row, world))
    .filter((row) => !filter || row[filter.field] === filter.value)
    .map((row) => String(row.id));
  return { status: 200, ids };
}

function checkKeys(c: Case, actor: Actor, entity: EntityName, item: Row, row: Row): void {
  const keys = Object.keys(item).filter((k) => k !== '$can');
  const want = visibleFields(actor, entity) ?? Object.keys(row);
  if (!sameSet(keys, want))
    fail(c, `fields ${sorted(keys).join(',')} where ${sorted(want).join(',')} expected`);
}

async function runGet(r: Running, world: World, c: Extract<Case, { op: 'get' }>): Promise<string> {
  const res = await r.send({ method: 'GET', url: url(c.entity, c.id), headers: c.actor.headers });
  const row = world.rows[c.entity].get(c.id);
  if (!row || !canRead(c.actor, c.entity, row, world)) {
    if (res.statusCode !== 404 || res.json().code !== 'NOT_FOUND') fail(c, 'expected 404 NOT_FOUND', res);
    return 'notFound';
  }
  if (res.statusCode !== 200) fail(c, 'expected 200', res);
  const body = res.json() as Row & { $can: { update: string[]; delete: boolean; transitions: string[] } };
  checkKeys(c, c.actor, c.entity, body, row);
  const want = {
    delete: canDelete(c.actor),
    transitions: c.entity === 'tickets' ? runnableTransitions(c.actor, row, world) : [],
    update: updatableFields(c.actor, c.entity, row, world),
  };
  if (body.$can.delete !== want.delete) fail(c, `$can.delete should be ${want.delete}`, res);
  if (!sameSet(body.$can.transitions, want.transitions))
    fail(c, `$can.transitions should be [${want.transitions}]`, res);
  if (!sameSet(body.$can.update, want.update)) fail(c, `$can.update should be [${want.update}]`, res);
  return 'ok';
}

async function runList(r: Running, world: World, c: Extract<Case, { op: 'list' }>): Promise<string> {
  const query = c.filter ? `${c.filter.field}=${encodeURIComponent(c.filter.raw)}` : '';
  const got = await listAll(r, c.actor, c.entity, query);
  const want = expectedList(c.actor, c.entity, c.filter, world);
  if (got.status !== want.status) fail(c, `expected ${want.status}`, got.res);
  if (!sameSet(got.ids, want.ids))
    fail(
      c,
      `list has ${got.ids.length} [${sorted(got.ids)}], expected ${want.ids.length} [${sorted(want.ids)}]`,
    );
  for (const item of got.items)
    checkKeys(c, c.actor, c.entity, item, world.rows[c.entity].get(String(item.id))!);
  return want.status !== 200 ? 'refused' : want.ids.length > 0 ? 'ok' : 'empty';
}

/** The row a write acts on: a clone, or (a user editing themselves) the real row, restored after. */
async function writeTarget(
  r: Running,
  world: World,
  c: { actor: PopActor; entity: EntityName; id: string },
  inPlace: boolean,
): Promise<{ row: Row | undefined; id: string; cleanup: () => Promise<void> }> {
  const source = world.rows[c.entity].get(c.id);
  if (!source) return { row: undefined, id: c.id, cleanup: async () => {} };
  // A clone of a user is someone else; editing oneself needs one's own row.
  if (inPlace && c.entity === 'users' && c.id === c.actor.id && c.actor.role !== 'admin')
    return { row: source, id: c.id, cleanup: () => restoreRow(r, 'users', source) };
  const row = await cloneRow(r, c.entity, source);
  return { row, id: String(row.id), cleanup: () => removeRow(r, c.entity, String(row.id)) };
}

async function runUpdate(r: Running, world: World, c: Extract<Case, { op: 'update' }>): Promise<string> {
  const t = await writeTarget(r, world, c, true);
  try {
    const res = await r.send({
      method: 'PATCH',
      url: url(c.entity, t.id),
      headers: c.actor.headers,
      payload: c.patch,
    });
    const outcome = updateOutcome(c.actor, c.entity, t.row, c.patch, world);
    expectStatus(c, res, outcome, 200);
    const after = await rawRow(r, c.entity, t.id);
    if (!t.row) return outcome;
    // A patch that changes nothing stores nothing: no new version.
    const changes = Object.entries(c.patch).some(
      ([k, v]) => JSON.stringify(t.row?.[k]) !== JSON.stringify(v),
    );
    const bump = outcome === 'ok' && changes ? 1 : 0;
    if (after?.version !== Number(t.row.version) + bump)
      fail(c, `stored version should move by ${bump}`, res);
    if (outcome === 'ok') {
      const body = res.json() as Row;
      for (const [k, v] of Object.entries(c.patch))
        if (JSON.stringify(body[k]) !== JSON.stringify(v))
          fail(c, `answer should carry ${k}=${JSON.stringify(v)}`, res);
    }
    return outcome;
  } finally {
    await t.cleanup();
  }
}

async function runDelete(r: Running, world: World, c: Extract<Case, { op: 'delete' }>): Promise<string> {
  const t = await writeTarget(r, world, c, false);
  try {
    const res = await r.send({ method: 'DELETE', url: url(c.entity, t.id), headers: c.actor.headers });
    const outcome = deleteOutcome(c.actor, c.entity, t.row, world);
    expectStatus(c, res, outcome, 204);
    const gone = (await rawRow(r, c.entity, t.id)) === undefined;
    if (t.row && gone !== (outcome === 'ok'))
      fail(c, gone ? 'the row was deleted' : 'the row is still there', res);
    return outcome;
  } finally {
    await t.cleanup();
  }
}

async function runCreate(r: Running, world: World, c: Extract<Case, { op: 'create' }>): Promise<string> {
  // The population is the same before every case: its size is the count before this one.
  const before = world.rows[c.entity].size;
  // A customer's comment on a pending ticket reopens it (the helpdesk's trigger): the ticket
  // is put back too, so the next case meets the same population.
  const parent = c.entity === 'comments' ? world.rows.tickets.get(String(c.body.ticket)) : undefined;
  const res = await r.send({ method: 'POST', url: url(c.entity), headers: c.actor.headers, payload: c.body });
  const created = res.statusCode === 201 ? String(res.json().id) : undefined;
  try {
    const outcome = createOutcome(c.actor, c.entity, c.body, world);
    expectStatus(c, res, outcome, 201);
    const count = await rowCount(r, c.entity);
    if (count !== before + (outcome === 'ok' ? 1 : 0))
      fail(c, `row count went from ${before} to ${count}`, res);
    return outcome;
  } finally {
    if (created) await removeRow(r, c.entity, created);
    if (created && parent) await restoreRow(r, 'tickets', parent);
  }
}

async function runTransitionCase(
  r: Running,
  world: World,
  c: Extract<Case, { op: 'transition' }>,
): Promise<string> {
  const t = await writeTarget(r, world, { actor: c.actor, entity: 'tickets', id: c.id }, false);
  try {
    const res = await r.send({
      method: 'POST',
      url: `${url('tickets', t.id)}/transitions/${c.name}`,
      headers: c.actor.headers,
      payload: c.input,
    });
    const status = transitionStatus(c.actor, t.row, c.name, world, c.input);
    if (res.statusCode !== status) fail(c, `expected ${status}`, res);
    const after = await rawRow(r, 'tickets', t.id);
    if (t.row && status === 200 && after?.status !== TRANSITIONS[c.name]?.to)
      fail(c, `status should now be ${TRANSITIONS[c.name]?.to}`, res);
    if (t.row && status !== 200 && after?.version !== t.row.version)
      fail(c, 'a refused transition changed the row', res);
    return status === 200 ? 'ok' : status === 404 ? 'notFound' : 'refused';
  } finally {
    await t.cleanup();
  }
}

async function runHistory(r: Running, world: World, c: Extract<Case, { op: 'history' }>): Promise<string> {
  const res = await r.send({
    method: 'GET',
    url: `${url(c.entity, c.id)}/history`,
    headers: c.actor.headers,
  });
  const row = world.rows[c.entity].get(c.id);
  if (!row || !canRead(c.actor, c.entity, row, world)) {
    if (res.statusCode !== 404)
      fail(c, 'expected 404 for the history of a record the caller may not read', res);
    return 'notFound';
  }
  if (res.statusCode !== 200) fail(c, 'expected 200', res);
  // The log must not tell what the record hides: only fields the caller may read appear.
  const visible = visibleFields(c.actor, c.entity);
  const items = res.json().items as { changes: Record<string, unknown> }[];
  if (items.length === 0) fail(c, 'every population record has a history', res);
  for (const item of items)
    for (const k of Object.keys(item.changes))
      if (visible && !visible.includes(k)) fail(c, `history shows the hidden field ${k}`, res);
  return 'ok';
}

/** The whole audit log: admins only (point 6). */
async function runAudit(r: Running, c: Extract<Case, { op: 'audit' }>): Promise<string> {
  const res = await r.send({ method: 'GET', url: '/api/audit?limit=5', headers: c.actor.headers });
  const outcome: Outcome = c.actor.role === 'admin' ? 'ok' : 'refused';
  expectStatus(c, res, outcome, 200);
  return outcome;
}

async function runTicketStats(
  r: Running,
  world: World,
  c: Extract<Case, { op: 'ticketStats' }>,
): Promise<string> {
  const res = await r.send({
    method: 'POST',
    url: '/api/actions/ticketStats',
    headers: c.actor.headers,
    payload: {},
  });
  const outcome = ticketStatsOutcome(c.actor);
  expectStatus(c, res, outcome, 200);
  if (outcome !== 'ok') return outcome;
  const count = (field: string) => {
    const out: Record<string, number> = {};
    for (const t of world.rows.tickets.values()) out[String(t[field])] = (out[String(t[field])] ?? 0) + 1;
    return out;
  };
  const body = res.json();
  if (JSON.stringify(sortKeys(body.byStatus)) !== JSON.stringify(sortKeys(count('status'))))
    fail(c, `byStatus should be ${JSON.stringify(count('status'))}`, res);
  if (JSON.stringify(sortKeys(body.byPriority)) !== JSON.stringify(sortKeys(count('priority'))))
    fail(c, `byPriority should be ${JSON.stringify(count('priority'))}`, res);
  return outcome;
}

function sortKeys(o: Record<string, number>): [string, number][] {
  return Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
}

async function runAssignToMe(
  r: Running,
  world: World,
  c: Extract<Case, { op: 'assignToMe' }>,
): Promise<string> {
  const t = await writeTarget(r, world, { actor: c.actor, entity: 'tickets', id: c.id }, false);
  try {
    const res = await r.send({
      method: 'POST',
      url: '/api/actions/assignToMe',
      headers: c.actor.headers,
      payload: { ticketId: t.id },
    });
    const outcome = assignToMeOutcome(c.actor, t.row, world);
    expectStatus(c, res, outcome, 200);
    const after = await rawRow(r, 'tickets', t.id);
    if (t.row && outcome === 'ok' && after?.assignee !== c.actor.id)
      fail(c, 'the ticket should be assigned', res);
    if (t.row && outcome !== 'ok' && after?.version !== t.row.version)
      fail(c, 'a refused action changed the row', res);
    return outcome;
  } finally {
    await t.cleanup();
  }
}

/**
 * Runs one case against the server and throws when its answer differs from the oracle's;
 * answers how the case ended (`ok`, `notFound`, `refused`, `empty`), for coverage counts.
 * @example await runCase(r, world, { op: 'get', actor: alice, entity: 'tickets', id })
 */
export async function runCase(r: Running, population: World, c: Case): Promise<string> {
  const world: World = { ...population, now: new Date(r.clock) };
  switch (c.op) {
    case 'get':
      return runGet(r, world, c);
    case 'list':
      return runList(r, world, c);
    case 'update':
      return runUpdate(r, world, c);
    case 'delete':
      return runDelete(r, world, c);
    case 'create':
      return runCreate(r, world, c);
    case 'transition':
      return runTransitionCase(r, world, c);
    case 'history':
      return runHistory(r, world, c);
    case 'audit':
      return runAudit(r, c);
    case 'ticketStats':
      return runTicketStats(r, world, c);
    case 'assignToMe':
      return runAssignToMe(r, world, c);
  }
}
