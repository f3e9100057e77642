/**
 * The helpdesk's point 6 (roles and permissions) written out by hand, as plain TypeScript
 * over plain rows: the oracle the permission-matrix property compares the server with.
 * It reads helpdesk.md, not the spec: it imports nothing from the rule engine, the rule
 * compiler or the app's access data, so a wrong rule there cannot make both sides agree.
 * Where point 6 is silent it follows point 4 (who runs a transition), point 5 (what a
 * write may name) and the platform's documented admin default ("an admin role is allowed
 * every operation no rule names it in").
 */

export type Role = 'anonymous' | 'customer' | 'agent' | 'admin';
export type EntityName = 'users' | 'teams' | 'tickets' | 'comments' | 'articles';
export type Row = Readonly<Record<string, unknown>>;

export interface Actor {
  readonly id: string | null;
  readonly role: Role;
}

/** What the database holds, as the oracle sees it. */
export interface World {
  readonly rows: { readonly [E in EntityName]: ReadonlyMap<string, Row> };
  readonly now: Date;
}

/** How a call should end: done, answered as if the record did not exist, or refused. */
export type Outcome = 'ok' | 'notFound' | 'refused';

export const STATE_NAMES = ['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'] as const;
export const REOPEN_WINDOW_DAYS = 7;
export const FINAL_STATES: readonly string[] = ['closed', 'cancelled'];
const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'version'];

const isStaff = (a: Actor) => a.role === 'agent' || a.role === 'admin';
const isRequester = (a: Actor, ticket: Row) => a.role === 'customer' && ticket.requester === a.id;

/** Whether `actor` may read `row` of `entity`. */
export function canRead(actor: Actor, entity: EntityName, row: Row, world: World): boolean {
  switch (entity) {
    case 'users':
      // Customers see themselves; agents see everyone (some fields); admins all.
      return isStaff(actor) || (actor.role === 'customer' && row.id === actor.id);
    case 'teams':
      return isStaff(actor);
    case 'tickets':
      return isStaff(actor) || (actor.role === 'customer' && row.requester === actor.id);
    case 'comments': {
      if (isStaff(actor)) return true;
      if (actor.role !== 'customer' || row.internal === true) return false;
      const ticket = world.rows.tickets.get(String(row.ticket));
      return ticket !== undefined && ticket.requester === actor.id;
    }
    case 'articles':
      return isStaff(actor) || row.published === true;
  }
}

/** How listing an entity answers before any row is looked at: 200, or 401/403 for a role that may read none of it. */
export function listStatus(actor: Actor, entity: EntityName): 200 | 401 | 403 {
  const none =
    (actor.role === 'anonymous' && entity !== 'articles') ||
    (actor.role === 'customer' && entity === 'teams');
  if (!none) return 200;
  return actor.role === 'anonymous' ? 401 : 403;
}

/** The fields `actor` sees of a readable row; undefined means every field. */
export function visibleFields(actor: Actor, entity: EntityName): readonly string[] | undefined {
  // Agents see everyone's name, email, role and team — not whether an account is disabled.
  if (entity === 'users' && actor.role === 'agent')
    return [...SYSTEM_FIELDS, 'name', 'email', 'role', 'team'];
  return undefined;
}

/** Whether `actor` may delete a readable row: only admins delete anything. */
export function canDelete(actor: Actor): boolean {
  return actor.role === 'admin';
}

interface TransitionDef {
  readonly from: readonly string[];
  readonly to: string;
  readonly who: (a: Actor, ticket: Row) => boolean;
  /** The input it takes, and whether each part is required. */
  readonly input?: Readonly<Record<string, boolean>>;
  readonly inTime?: (ticket: Row, now: Date) => boolean;
}

const staff = (a: Actor) => isStaff(a);
const requester = (a: Actor, t: Row) => isRequester(a, t);

/** Point 4's table, with point 6's who. */
export const TRANSITIONS: Readonly<Record<string, TransitionDef>> = {
  triage: { from: ['new'], to: 'open', who: staff, input: { assignee: false, team: false } },
  await: { from: ['open'], to: 'pending', who: staff },
  respond: { from: ['pending'], to: 'open', who: requester },
  resolve: { from: ['open', 'pending'], to: 'resolved', who: staff, input: { resolution: true } },
  reopen: {
    from: ['resolved'],
    to: 'open',
    who: requester,
    inTime: (t, now) =>
      typeof t.resolvedAt === 'string' &&
      now.getTime() < Date.parse(t.resolvedAt) + REOPEN_WINDOW_DAYS * 86_400_000,
  },
  close: { from: ['resolved'], to: 'closed', who: (a, t) => staff(a) || requester(a, t) },
  withdraw: { from: ['new', 'open'], to: 'cancelled', who: requester },
};

/**
 * The HTTP status a transition answers with: UNAUTHENTICATED signed out, NOT_FOUND for a
 * ticket the caller may not read, then INVALID_TRANSITION for the wrong state, FORBIDDEN for the wrong caller, a
 * VALIDATION_FAILED input, and REOPEN_WINDOW_EXPIRED past the window.
 */
export function transitionStatus(
  actor: Actor,
  ticket: Row | undefined,
  name: string,
  world: World,
  input: Row = {},
): number {
  const t = Object.hasOwn(TRANSITIONS, name) ? TRANSITIONS[name] : undefined;
  // No transition is for the signed out: "sign in", whatever the record (so nothing leaks).
  if (t && actor.role === 'anonymous') return 401;
  if (!t || !ticket || !canRead(actor, 'tickets', ticket, world)) return 404;
  if (!t.from.includes(String(ticket.status))) return 409;
  if (!t.who(actor, ticket)) return actor.role === 'anonymous' ? 401 : 403;
  const takes = t.input ?? {};
  const unknown = Object.keys(input).some((k) => !Object.hasOwn(takes, k));
  const missing = Object.entries(takes).some(([k, required]) => required && !(k in input));
  if (unknown || missing) return 422;
  if (t.inTime && !t.inTime(ticket, world.now)) return 409;
  return 200;
}

/** The transitions `actor` may run on a ticket right now. */
export function runnableTransitions(actor: Actor, ticket: Row, world: World): string[] {
  return Object.entries(TRANSITIONS)
    .filter(
      ([, t]) =>
        canRead(actor, 'tickets', ticket, world) &&
        t.from.includes(String(ticket.status)) &&
        t.who(actor, ticket) &&
        (!t.inTime || t.inTime(ticket, world.now)),
    )
    .map(([name]) => name);
}

const TICKET_WRITABLE = [
  'subject',
  'description',
  'priority',
  'category',
  'assignee',
  'team',
  'tags',
  'satisfaction',
];

/**
 * The fields a client may offer to edit on a record now (`$can.update`): those the role's
 * update permission names, less satisfaction unless point 5's rule would take a new rating
 * (the requester, once the ticket is resolved or closed).
 */
export function updatableFields(actor: Actor, entity: EntityName, row: Row, world: World): string[] {
  const granted = [
    ...grantedFields(actor, entity, row),
    ...(attaches(actor, entity, row, world) ? ['attachments'] : []),
  ];
  if (entity !== 'tickets') return granted;
  // Any role that files a ticket may rate it (an admin's own ticket too): point 5 asks only
  // that the caller be its requester.
  const rates = row.requester === actor.id && (row.status === 'resolved' || row.status === 'closed');
  return rates ? granted : granted.filter((f) => f !== 'satisfaction');
}

/**
 * Whether the role's update permission names the record's `attachments` now: files go up
 * through the upload route (a PATCH naming them is refused), so they are in `$can.update` only.
 * Admins and agents attach to any ticket, a requester until it is closed or cancelled, and a
 * comment's author to it while its ticket is not closed or cancelled.
 */
function attaches(actor: Actor, entity: EntityName, row: Row, world: World): boolean {
  if (entity === 'comments') {
    if (actor.role === 'admin') return true;
    const ticket = world.rows.tickets.get(String(row.ticket));
    return (
      actor.role !== 'anonymous' && row.author === actor.id && !FINAL_STATES.includes(String(ticket?.status))
    );
  }
  if (entity !== 'tickets') return false;
  if (actor.role === 'admin' || actor.role === 'agent') return true;
  return isRequester(actor, row) && row.status !== 'closed' && row.status !== 'cancelled';
}

/**
 * The fields a role's update permission names for a record now. A PATCH of other fields is
 * refused; one of these still meets point 5's rule when it changes the rating (`updateOutcome`).
 */
export function grantedFields(actor: Actor, entity: EntityName, row: Row): string[] {
  switch (entity) {
    case 'tickets':
      if (actor.role === 'admin') return TICKET_WRITABLE;
      if (actor.role === 'agent') return ['priority', 'category', 'assignee', 'team', 'tags'];
      if (isRequester(actor, row))
        return row.status === 'new' ? ['subject', 'description', 'satisfaction'] : ['satisfaction'];
      return [];
    case 'users':
      if (actor.role === 'admin') return ['name', 'role', 'disabled', 'team'];
      return actor.role !== 'anonymous' && row.id === actor.id ? ['name'] : [];
    case 'teams':
      return actor.role === 'admin' ? ['name', 'description'] : [];
    case 'comments':
      return actor.role === 'admin' ? ['body'] : [];
    case 'articles':
      return actor.role === 'admin' ? ['title', 'body', 'published'] : [];
  }
}

function isAgent(world: World, id: unknown): boolean {
  return typeof id === 'string' && world.rows.users.get(id)?.role === 'agent';
}

/** Whether a role has any update permission on the entity at all. */
function mayUpdateSome(actor: Actor, entity: EntityName, row: Row, world: World): boolean {
  if (actor.role === 'admin') return true;
  if (entity === 'tickets') return actor.role === 'agent' || isRequester(actor, row);
  if (entity === 'users') return actor.role !== 'anonymous' && row.id === actor.id;
  // A comment's author may attach files to it while its ticket is open: an update grant.
  if (entity === 'comments') return attaches(actor, entity, row, world);
  return false;
}

/** How a PATCH of `patch` on `row` ends. */
export function updateOutcome(
  actor: Actor,
  entity: EntityName,
  row: Row | undefined,
  patch: Row,
  world: World,
): Outcome {
  // Nothing lets the signed out write: "sign in", before any record is looked at.
  if (actor.role === 'anonymous') return 'refused';
  if (!row || !canRead(actor, entity, row, world)) return 'notFound';
  if (!mayUpdateSome(actor, entity, row, world)) return 'refused';
  const allowed = grantedFields(actor, entity, row);
  if (!Object.keys(patch).every((k) => allowed.includes(k))) return 'refused';
  const after = { ...row, ...patch };
  if (entity === 'tickets') {
    if ('assignee' in patch && patch.assignee !== null && !isAgent(world, patch.assignee)) return 'refused';
    const changed = 'satisfaction' in patch && patch.satisfaction !== row.satisfaction;
    // Point 5: only the requester rates (whatever their role), and only a resolved or closed ticket.
    if (changed && !(row.requester === actor.id && ['resolved', 'closed'].includes(String(row.status))))
      return 'refused';
  }
  if (entity === 'users' && after.team !== null && after.team !== undefined && after.role !== 'agent')
    return 'refused';
  return 'ok';
}

const CREATE_FIELDS: Readonly<Record<EntityName, { required: string[]; admin: string[] }>> = {
  tickets: { required: ['subject', 'description'], admin: TICKET_WRITABLE },
  comments: { required: ['ticket', 'body'], admin: ['ticket', 'body', 'internal'] },
  articles: { required: ['title', 'body'], admin: ['title', 'body', 'published'] },
  teams: { required: ['name'], admin: ['name', 'description'] },
  users: { required: ['email', 'name', 'role'], admin: ['email', 'name', 'role', 'disabled', 'team'] },
};

function creatableFields(actor: Actor, entity: EntityName): readonly string[] | undefined {
  if (actor.role === 'admin') return CREATE_FIELDS[entity].admin;
  if (entity === 'tickets' && actor.role === 'customer')
    return ['subject', 'description', 'priority', 'category', 'tags'];
  if (entity === 'comments' && actor.role === 'customer') return ['ticket', 'body'];
  if (entity === 'comments' && actor.role === 'agent') return ['ticket', 'body', 'internal'];
  return undefined;
}

/** How a POST of `body` ends (the open-ticket quota is kept out of reach by the population). */
export function createOutcome(actor: Actor, entity: EntityName, body: Row, world: World): Outcome {
  const fields = creatableFields(actor, entity);
  if (!fields) return 'refused';
  const keys = Object.keys(body);
  if (!keys.every((k) => fields.includes(k))) return 'refused';
  if (!CREATE_FIELDS[entity].required.every((k) => keys.includes(k))) return 'refused';
  if (entity === 'tickets') {
    if (keys.includes('satisfaction')) return 'refused';
    if ('assignee' in body && body.assignee !== null && !isAgent(world, body.assignee)) return 'refused';
  }
  if (entity === 'comments') {
    const ticket = world.rows.tickets.get(String(body.ticket));
    if (!ticket || !canRead(actor, 'tickets', ticket, world)) return 'refused';
    if (FINAL_STATES.includes(String(ticket.status))) return 'refused';
  }
  if (entity === 'users' && body.team !== undefined && body.team !== null && body.role !== 'agent')
    return 'refused';
  return 'ok';
}

/** How DELETE ends. */
export function deleteOutcome(actor: Actor, entity: EntityName, row: Row | undefined, world: World): Outcome {
  if (actor.role === 'anonymous') return 'refused';
  if (!row || !canRead(actor, entity, row, world)) return 'notFound';
  return canDelete(actor) ? 'ok' : 'refused';
}

/**
 * `assignToMe(ticketId)`: agents only (point 7). An id naming no ticket the caller may read
 * is an invalid input, like any reference in a write.
 */
export function assignToMeOutcome(actor: Actor, ticket: Row | undefined, world: World): Outcome {
  if (actor.role !== 'agent') return 'refused';
  return ticket && canRead(actor, 'tickets', ticket, world) ? 'ok' : 'refused';
}

/** `ticketStats()`: agents and admins, counting every ticket. */
export function ticketStatsOutcome(actor: Actor): Outcome {
  return isStaff(actor) ? 'ok' : 'refused';
}

/** The statuses a refusal may carry: signed out is 401; signed in, 403, 409 or 422. */
export function refusalStatuses(actor: Actor): readonly number[] {
  return actor.role === 'anonymous' ? [401] : [403, 409, 422];
}

/** What a realtime subscriber to a whole entity hears of one write, if anything. */
export type Told = 'created' | 'updated' | 'removed' | 'deleted' | null;

/** The fields a write changed (its time and version aside). */
export function changedFields(before: Row, after: Row): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (k) =>
      k !== 'updatedAt' &&
      k !== 'version' &&
      JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
}

/** Whether every field a write changed is one `actor` may not read (and it changed some). */
function hiddenWhole(actor: Actor, entity: EntityName, changed: readonly string[]): boolean {
  const visible = visibleFields(actor, entity);
  return visible !== undefined && changed.length > 0 && changed.every((k) => !visible.includes(k));
}

/**
 * How `actor` hears of a write that took a row from `before` to `after` (absent when created
 * or deleted): a record coming into or going out of what they may read is told; one they
 * held all along only when a field they may read changed — a write to hidden fields alone
 * would tell them when those changed.
 */
export function toldOfWrite(
  actor: Actor,
  entity: EntityName,
  before: Row | undefined,
  after: Row | undefined,
  world: World,
): Told {
  const was = before !== undefined && canRead(actor, entity, before, world);
  const is = after !== undefined && canRead(actor, entity, after, world);
  if (!was) return is ? 'created' : null;
  if (!is) return after === undefined ? 'deleted' : 'removed';
  return hiddenWhole(actor, entity, changedFields(before!, after!)) ? null : 'updated';
}

/**
 * A stored history entry as `actor` reads it: its changes cut to the fields they see, or
 * null when it is an update or transition of hidden fields alone (left out of their history).
 */
export function historyChanges(
  actor: Actor,
  entity: EntityName,
  operation: string,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const changed = Object.keys(changes);
  if ((operation === 'update' || operation === 'transition') && hiddenWhole(actor, entity, changed))
    return null;
  const visible = visibleFields(actor, entity);
  return Object.fromEntries(Object.entries(changes).filter(([k]) => !visible || visible.includes(k)));
}
